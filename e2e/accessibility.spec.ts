import type { Page } from '@playwright/test';
import { scan, type Finding } from './axe';
import { openCanvas, useModel } from './canvasDriver';
import { expect, test } from './fixtures';
import { INTENTS, intentModels } from '../src/shared/studio/intents';

/** Moderate and minor findings not fixed yet, each explained in docs/design-system.md (Accessibility). */
const WRITTEN_DOWN = new Set(['heading-order', 'aria-allowed-role', 'empty-table-header']);

const rail = (page: Page, name: string) => page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true });

/** Every screen and studio intent, scanned by axe-core in one theme. */
async function scanAll(page: Page): Promise<Finding[]> {
  const found: Finding[] = [];
  found.push(...(await scan(page, 'Start')));
  await openCanvas(page);
  for (const intent of INTENTS) {
    await useModel(page, intentModels(intent)[0]!.id, intent.id);
    found.push(...(await scan(page, `Studio: ${intent.label}`)));
  }
  await rail(page, 'Gallery').click();
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  found.push(...(await scan(page, 'Gallery')));
  await page.getByRole('list', { name: 'Results' }).getByRole('button').first().dblclick();
  await expect(page.getByRole('dialog', { name: 'Result' })).toBeVisible();
  found.push(...(await scan(page, 'Full view')));
  await page.keyboard.press('Escape');
  await rail(page, 'Queue').click();
  found.push(...(await scan(page, 'Queue')));
  await rail(page, 'Batch').click();
  found.push(...(await scan(page, 'Batch')));
  // Explore with a plan on its sheet: the contact sheet is an ARIA table of rows, headers and cells.
  await rail(page, 'Explore').click();
  await page.getByRole('form', { name: 'Matrix' }).getByLabel('Prompt').fill('a {red|blue} fox in {snow|fog}');
  await expect(page.getByRole('table', { name: 'Contact sheet' }).getByRole('rowheader')).toHaveCount(4);
  found.push(...(await scan(page, 'Explore')));
  await rail(page, 'Settings').click();
  found.push(...(await scan(page, 'Settings')));
  return found;
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe-core finds nothing serious or critical on any screen in the ${theme} theme`, async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // One result, for the gallery and its full view.
    await page.evaluate(() => window.gen.tasks.submit({ endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk', seed: 7, width: 256, height: 256 }, inputs: {} }));
    const found = await scanAll(page);
    expect(found.filter((f) => f.impact === 'serious' || f.impact === 'critical')).toEqual([]);
    // Every moderate and minor finding left is written down, with why, in docs/design-system.md.
    expect(found.filter((f) => !WRITTEN_DOWN.has(f.rule))).toEqual([]);
  });
}
