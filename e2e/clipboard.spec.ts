import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { openCanvas, png } from './canvasDriver';
import { expect, test } from './fixtures';

/** A paste as the system makes it when another app copied: the page's paste event, with a file or text. */
async function paste(page: Page, content: { png: Buffer } | { text: string } | 'nothing'): Promise<void> {
  const payload = { png: content !== 'nothing' && 'png' in content ? [...content.png] : null, text: content !== 'nothing' && 'text' in content ? content.text : null };
  await page.evaluate((c) => {
    const data = new DataTransfer();
    if (c.png) data.items.add(new File([new Uint8Array(c.png)], 'image.png', { type: 'image/png' }));
    if (c.text !== null) data.setData('text/plain', c.text);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, payload);
}

test('a picture pasted in the studio becomes the picture; a paste of text says it holds no picture; Copy picture puts it on the clipboard', async ({ app }) => {
  test.skip(app.runner !== 'chromium', 'pastes are made in the page, and the clipboard stand-in is the Chromium harness’s');
  const { page, dataDir } = app;
  await openCanvas(page);

  await paste(page, { text: 'a lighthouse at dusk' });
  await expect(page.getByRole('alert')).toContainText('The clipboard holds text, not a picture.');
  await expect(page.getByLabel('Image size')).toHaveText('No picture');

  await paste(page, { png: await png(40, 30, '#c63') });
  await expect(page.getByLabel('Image size')).toContainText('40 × 30 px');

  await page.getByRole('button', { name: 'Copy picture' }).click();
  await expect(page.getByText('Copied image.png to the clipboard.')).toBeVisible();
  const copied = await sharp(await readFile(join(dataDir, '.desktop', 'clipboard.png'))).metadata();
  expect([copied.format, copied.width, copied.height]).toEqual(['png', 40, 30]);

  // The app menu's Paste when the page's event carries no file: main reads the system clipboard.
  await mkdir(join(dataDir, '.desktop'), { recursive: true });
  await writeFile(join(dataDir, '.desktop', 'clipboard.png'), await png(50, 20, '#36c'));
  await paste(page, 'nothing');
  await expect(page.getByLabel('Image size')).toContainText('50 × 20 px');
});
