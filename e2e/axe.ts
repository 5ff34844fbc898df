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
  /** Where: the first few elements' selectors, with axe's reason for the first, so a failing check says what to fix. */
  readonly where: string;
}

const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core run in the page itself, violations only: on the whole document, or inside `within` (a CSS selector). */
export async function scan(page: Page, screen: string, within?: string): Promise<Finding[]> {
  // Evaluated rather than added as a script tag, which the app's content security policy refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await AXE_SOURCE);
  const result = await page.evaluate((context) => (window as unknown as { axe: { run(c: unknown, o: object): Promise<AxeResults> } }).axe.run(context ?? document, { resultTypes: ['violations'] }), within);
  return result.violations.map((v) => ({
    screen,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    count: v.nodes.length,
    where: `${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')} — ${(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
  }));
}

/**
 * The same screen scanned in the light theme and then the dark one (the app follows the system's scheme): one
 * page setup serves both themes, and each finding names its theme.
 */
export async function scanThemes(page: Page, screen: string, within?: string): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    found.push(...(await scan(page, `${screen} (${theme})`, within)));
  }
  return found;
}
