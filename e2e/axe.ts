import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { AxeResults } from 'axe-core';
import type { Page } from '@playwright/test';

/** One finding of axe-core on a screen: the rule, its impact and how many elements break it. */
export interface Finding {
  readonly screen: string;
  readonly rule: string;
  readonly impact: string;
  readonly count: number;
}

const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core run in the page itself, violations only: on the whole document, or inside `within` (a CSS selector). */
export async function scan(page: Page, screen: string, within?: string): Promise<Finding[]> {
  // Evaluated rather than added as a script tag, which the app's content security policy refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await AXE_SOURCE);
  const result = await page.evaluate((context) => (window as unknown as { axe: { run(c: unknown, o: object): Promise<AxeResults> } }).axe.run(context ?? document, { resultTypes: ['violations'] }), within);
  return result.violations.map((v) => ({ screen, rule: v.id, impact: v.impact ?? 'unknown', count: v.nodes.length }));
}
