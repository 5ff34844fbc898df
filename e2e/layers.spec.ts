import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openCanvas, openPicture, png, useModel } from './canvasDriver';
import { expect, test } from './fixtures';

/** Layer names and sizes as ImageMagick reads them ([0] is the merged picture). */
const psdLayers = (file: string) => execFileSync('identify', ['-format', '%l|%wx%h\n', file]).toString().trim().split('\n').slice(1);

test('Export layers… from the studio writes a PSD and an OpenRaster file; the PSD taken back in offers its layers', async ({ app }) => {
  const { page } = app;
  await openCanvas(page);
  await openPicture(page, await png(160, 120, '#2f6f8f'), 'harbour.png');
  await useModel(page, 'gen-pro-1.0-fill');
  await page.getByRole('button', { name: 'Fill all' }).click();

  await page.getByRole('button', { name: 'Export layers…' }).click();
  const dialog = page.getByRole('dialog', { name: /Export the layers of/ });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: 'test-results/layers-export-dialog.png' });
  await dialog.getByRole('button', { name: 'Save…' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/Saved “.+\.psd” with its layers\./);
  await dialog.getByRole('radio', { name: /OpenRaster/ }).check();
  await dialog.getByRole('button', { name: 'Save…' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/Saved “.+\.ora” with its layers\./);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const exports = join(app.dataDir, '.desktop', 'exports');
  const files = await readdir(exports);
  const psd = join(exports, files.find((n) => n.endsWith('.psd'))!);
  expect(files.some((n) => n.endsWith('.ora'))).toBe(true);
  const layers = psdLayers(psd);
  // the picture, and the painted mask as its own grey layer (and as the picture's layer mask)
  expect(layers).toEqual(['Original ? harbour.png|160x120', 'Mask (white = change)|160x120']);

  // The same file dropped back as the picture: the picker lists its layers, the whole picture chosen by default.
  await page.getByLabel('Replace the picture').setInputFiles({ name: 'harbour.psd', mimeType: 'image/vnd.adobe.photoshop', buffer: await readFile(psd) });
  const picker = page.getByRole('dialog', { name: /“harbour\.psd” has \d+ layers?/ });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('radio', { name: 'The whole picture' })).toBeChecked();
  await expect(picker.getByRole('radio', { name: /Original · harbour\.png/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/layers-picker.png' });
  await picker.getByRole('radio', { name: /Original · harbour\.png/ }).check();
  await picker.getByRole('button', { name: 'Use it' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByLabel('Image size')).toContainText('160 × 120 px');
});
