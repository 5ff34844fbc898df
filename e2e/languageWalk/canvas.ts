import type { Page } from '@playwright/test';
import { INTENT_IDS, type IntentId } from '../../src/shared/studio/intents';
import { dragImage, openCanvas, openPicture, png, settle, useModel } from '../canvasDriver';
import { expect } from '../fixtures';
import type { LanguageArea } from './stops';

const ENDPOINTS: Partial<Record<IntentId, string>> = { inpaint: 'gen-pro-1.0-fill', expand: 'gen-pro-1.0-expand', outpaint: 'outpainting-v1' };

/** Chooses an intent by its place in the picker, whatever language its name is in. */
async function chooseIntent(page: Page, intent: IntentId, endpoint = ENDPOINTS[intent]): Promise<void> {
  await page.locator('.intent-picker [role="radio"]').nth(INTENT_IDS.indexOf(intent)).click();
  if (endpoint) await expect(page.locator('section.studio-panel')).toHaveAttribute('data-endpoint', endpoint);
}

/** Presses a canvas shortcut with the canvas focused. */
async function press(page: Page, key: string): Promise<void> {
  await page.locator('.canvas-stage').focus();
  await page.keyboard.press(key);
  await settle(page);
}

/** The canvas in Inpaint with a painted mask, Expand, Outpaint, Edit with references (board and boxes), its shortcuts and a message. */
export const CANVAS: LanguageArea = {
  name: "The studio's canvas, tools and panels",
  async setup(page) {
    const canvas = await openCanvas(page);
    await openPicture(page, await png(320, 200, '#6a8caf'), 'harbour.png');
    // A box on the picture for an editor that takes boxes, kept while other intents are shown.
    await useModel(page, 'gen-3-image');
    await page.getByRole('button', { name: 'Add a box' }).click();
    await useModel(page, 'gen-pro-1.0-fill', 'inpaint');
    await dragImage(page, canvas, [
      [60, 60],
      [200, 120],
    ]);
    await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();
  },
  stops: [
    {
      name: 'Inpaint: a painted mask, the shape tools and the brush options',
      async go(page) {
        await chooseIntent(page, 'inpaint');
        await press(page, 'r');
        await expect(page.locator('.canvas-toolbar .tool-button[aria-pressed="true"]')).toHaveCount(1);
        await expect(page.locator('[data-panel="mask"]')).toBeVisible();
      },
    },
    {
      name: 'Inpaint: a message of the canvas (the mask exported)',
      async go(page) {
        await page.locator('[data-panel="mask"] .button-row').last().locator('button').click();
        await expect(page.locator('.canvas-message')).toBeVisible();
      },
    },
    {
      name: 'the keyboard shortcuts',
      async go(page) {
        await press(page, '?');
        await expect(page.locator('.help-overlay')).toBeVisible();
      },
    },
    {
      name: 'Expand: the margins set to 16:9',
      async go(page) {
        await page.keyboard.press('Escape');
        await expect(page.locator('.help-overlay')).toHaveCount(0);
        await chooseIntent(page, 'expand');
        await page.locator('[data-panel="expansion"]').getByRole('button', { name: '16:9' }).click();
        await expect(page.locator('[data-panel="expansion"] .readout')).toBeVisible();
      },
    },
    {
      name: 'Outpaint: the frame around the picture',
      async go(page) {
        await chooseIntent(page, 'outpaint');
        await page.locator('[data-panel="frame"] button').first().click();
        await expect(page.locator('[data-panel="frame"] .readout')).toBeVisible();
      },
    },
    {
      name: 'Edit with references: the reference board and the bounding boxes',
      async go(page) {
        await chooseIntent(page, 'edit');
        await page.locator('.model-picker select').selectOption('gen-3-image');
        await expect(page.locator('section.studio-panel')).toHaveAttribute('data-endpoint', 'gen-3-image');
        const board = page.locator('[data-panel="references"]');
        if ((await board.locator('li.reference').count()) === 0) {
          await board.locator('.button-row input[type="file"]').setInputFiles([
            { name: 'boat.png', mimeType: 'image/png', buffer: await png(64, 64, '#c0392b') },
            { name: 'gull.png', mimeType: 'image/png', buffer: await png(64, 64, '#ecf0f1') },
          ]);
        }
        await expect(board.locator('li.reference')).toHaveCount(2);
        await expect(page.locator('[data-panel="boxes"] .box-list li')).toHaveCount(1);
      },
    },
  ],
};
