import type { Page } from '@playwright/test';
import { scanThemes, type Finding } from './axe';
import { openCanvas, png, useModel } from './canvasDriver';
import { dropOn } from './dropFiles';
import { expect, test } from './fixtures';
import { INTENTS, intentModels } from '../src/shared/studio/intents';
import { rail } from './contractSteps';


/** The video intent with a frame size chosen and two keyframes on its timeline, one selected: the slots, the markers and the selected view. */
async function videoWithKeyframes(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Generate' }).getByRole('radio', { name: /^Draft / }).check();
  const timeline = page.getByRole('region', { name: 'Keyframe timeline' });
  const image = async (name: string, colour: string) => ({ name, type: 'image/png', bytes: await png(160, 90, colour) });
  await dropOn(page, timeline.getByRole('group', { name: 'First frame slot' }), [await image('red.png', '#ff0000')]);
  await dropOn(page, timeline.getByRole('group', { name: /^Timeline, / }), [await image('green.png', '#00ff00')], 0.5);
  await expect(timeline.getByRole('button', { name: /^Keyframe at / })).toHaveCount(2);
  await timeline.getByRole('button', { name: /^Keyframe at / }).last().click();
  await expect(page.getByRole('figure', { name: 'Selected keyframe on the canvas' })).toBeVisible();
}

/**
 * The screens and states of the plain-words walk, each scanned in both themes: Start with a recent project, the
 * Help drawer, the studio on every intent (Video with keyframes), the gallery and a full view, the queue, and
 * Settings with Spending's chart and caps. Explore and Batch are scanned in accessibilityTools.spec.ts, in parallel.
 */
test('axe-core finds nothing serious or critical on Start, Help, the studio, the gallery, the queue, Settings and Spending, in both themes', async ({ app }) => {
  test.setTimeout(300_000);
  const { page } = app;
  // One result, for the gallery, its full view and Spending; a cap, for the chart's cap lines.
  await page.evaluate(() => window.gen.tasks.submit({ endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk', seed: 7, width: 256, height: 256 }, inputs: {} }));
  await page.evaluate(() => window.gen.spending.setCaps({ keyId: 'sandbox', caps: { day: 40, week: 100, month: 300 } }));
  const found: Finding[] = [];

  // The studio makes the first project: Start then lists it.
  await openCanvas(page);
  for (const intent of INTENTS) {
    await useModel(page, intentModels(intent)[0]!.id, intent.id);
    if (intent.id === 'video') await videoWithKeyframes(page);
    found.push(...(await scanThemes(page, `Studio: ${intent.label}`)));
  }
  await rail(page, 'Start').click();
  await expect(page.getByRole('list', { name: 'Recent projects' }).getByRole('button')).toHaveCount(1);
  found.push(...(await scanThemes(page, 'Start')));
  await page.getByRole('button', { name: 'Help: the service reference' }).click();
  const help = page.getByRole('dialog', { name: /reference/i });
  await expect(help).toBeVisible();
  found.push(...(await scanThemes(page, 'Help')));
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  await rail(page, 'Gallery').click();
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  found.push(...(await scanThemes(page, 'Gallery')));
  await page.getByRole('list', { name: 'Results' }).getByRole('button').first().dblclick();
  await expect(page.getByRole('dialog', { name: 'Result' })).toBeVisible();
  found.push(...(await scanThemes(page, 'Full view')));
  await page.keyboard.press('Escape');
  await rail(page, 'Queue').click();
  found.push(...(await scanThemes(page, 'Queue')));
  await rail(page, 'Settings').click();
  await expect(page.getByRole('table', { name: 'Spending' })).toBeVisible({ timeout: 30_000 });
  found.push(...(await scanThemes(page, 'Settings and Spending')));

  expect(found.filter((f) => f.impact === 'serious' || f.impact === 'critical')).toEqual([]);
  // Nothing moderate or minor either: heading-order and empty-table-header, once let through, are fixed.
  expect(found).toEqual([]);
});
