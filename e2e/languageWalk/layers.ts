import type { Page } from '@playwright/test';
import { buildLayered } from '../../src/main/core/layers/buildLayered';
import { layeredBytes } from '../../src/main/core/layers/encodeLayered';
import { openCanvas, openPicture, png } from '../canvasDriver';
import { expect } from '../fixtures';
import type { LanguageArea } from './stops';

/** A PSD of two layers, the top one with a layer mask: what an artist drops from Photoshop. */
async function layeredPsd(): Promise<Buffer> {
  const document = await buildLayered({
    pictures: [
      { name: 'Sea', bytes: await png(64, 48, '#2f6f8f') },
      { name: 'Boat', bytes: await png(64, 48, '#c63') },
    ],
    frame: null,
    mask: await png(64, 48, '#fff'),
    references: [],
    boxes: [],
    metadata: { json: '{}', xmp: null },
  });
  return Buffer.from(await layeredBytes(document, 'psd'));
}

/** A paste as another app makes it, holding only text. */
const pasteText = (page: Page) =>
  page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'a lighthouse at dusk');
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });

const closeDialogs = async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.locator('.layers-dialog')).toHaveCount(0);
};

/** Layers, Edit in… and the clipboard: the Export layers dialog, the layer picker, Edit in… with its note, a paste with no picture. */
export const LAYERS: LanguageArea = {
  name: 'Layers, Edit in… and the clipboard',
  async setup(page) {
    await openCanvas(page);
    await openPicture(page, await png(64, 48, '#2f6f8f'), 'harbour.png');
  },
  stops: [
    {
      name: 'the Export layers dialog',
      async go(page) {
        await page.locator('[data-panel="layers"] > button').click();
        await expect(page.locator('.layers-dialog form[role="dialog"]')).toBeVisible();
      },
    },
    {
      name: 'the layer picker',
      async go(page) {
        await closeDialogs(page);
        await page.locator('[data-panel="picture"] input[type="file"]').setInputFiles({ name: 'harbour.psd', mimeType: 'image/vnd.adobe.photoshop', buffer: await layeredPsd() });
        await expect(page.locator('.layers-picker')).toBeVisible();
      },
    },
    {
      name: 'Edit in… and its note',
      async go(page) {
        await closeDialogs(page);
        await page.locator('.edit-in > button').click();
        await expect(page.locator('.edit-in-menu')).toBeVisible();
        await page.locator('.edit-in-menu [role="menuitem"]').first().click();
        await expect(page.locator('.editor-note')).toBeVisible();
        await expect(page.locator('.edit-in-stop')).toBeVisible();
      },
    },
    {
      name: 'the menu of Edit in…',
      async go(page) {
        await page.locator('.edit-in-stop').click();
        await page.locator('.edit-in > button').click();
        await expect(page.locator('.edit-in-menu')).toBeVisible();
      },
    },
    {
      name: 'a paste that holds no picture',
      async go(page) {
        await page.keyboard.press('Escape');
        await pasteText(page);
        await expect(page.locator('.canvas-message')).toBeVisible();
      },
    },
  ],
};
