import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { assetIdOf, openCanvas, openPicture, png, useModel } from './canvasDriver';
import { decoded, expect, test } from './studioFixture';

const panel = (page: Page) => page.getByRole('region', { name: 'Generate' });
const generateButton = (page: Page) => panel(page).getByRole('button', { name: /^Generate/ });

/** Opens a picture whether the canvas has one (Replace the picture) or not. */
async function givePicture(page: Page, bytes: Buffer, size: string): Promise<void> {
  const replace = page.getByLabel('Replace the picture');
  await ((await replace.count()) > 0 ? replace : page.getByLabel('Open a picture')).setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: bytes });
  await expect(page.getByLabel('Image size')).toContainText(size);
}

/** Removes an asset's files from the app's data folder, as a cleaned-up asset store would have lost them. */
async function loseAsset(dataDir: string, id: string): Promise<void> {
  const files = await readdir(dataDir, { recursive: true });
  const own = files.filter((f) => f.split(/[\\/]/).pop()!.startsWith(`${id}.`));
  expect(own.length).toBeGreaterThan(0);
  await Promise.all(own.map((f) => rm(join(dataDir, f))));
}

test('reusing a result whose picture is gone leaves the canvas empty, says so, and Generate waits for a picture', async ({ studio }) => {
  const { page, received, dataDir } = studio;
  await openCanvas(page);
  const red = await png(400, 300, '#ff0000');
  await openPicture(page, red, 'red.png');
  await useModel(page, 'gen-2-pro', 'edit');
  await panel(page).getByRole('textbox', { name: /^Prompt/ }).fill('a hat on it');
  await generateButton(page).click();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);

  // Another picture on the canvas; then the result's own picture is lost.
  await givePicture(page, await png(320, 240, '#00ff00'), '320 × 240 px');
  await loseAsset(dataDir, assetIdOf(red));

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Gallery' }).click();
  const cards = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
  await expect(cards).toHaveCount(1, { timeout: 60_000 });
  await cards.first().getByRole('button').first().click();
  await page.keyboard.press('p');

  // Which input is missing, in words; the green picture is not kept to be sent in its place.
  await expect(page.getByRole('alert', { name: 'Studio notice' })).toContainText('The picture this was made from is no longer in the library — choose one');
  await expect(page.getByLabel('Image size')).toHaveText('No picture');
  await expect(panel(page).getByRole('note', { name: 'Why Generate waits' })).toContainText('works on a picture');
  await expect(generateButton(page)).toBeDisabled();
  await page.screenshot({ path: 'out/reuse-missing-picture.png' });
  await page.keyboard.press('Control+Enter');
  expect(received).toHaveLength(1);

  // A picture given: Generate sends it, and nothing else.
  await givePicture(page, await png(200, 150, '#0000ff'), '200 × 150 px');
  await expect(generateButton(page)).toBeEnabled();
  await generateButton(page).click();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
  const image = Object.values(received[1]!.body).find((v) => typeof v === 'string' && v.length > 1000);
  expect((await decoded(image)).pixel.slice(0, 3)).toEqual([0, 0, 255]);
});
