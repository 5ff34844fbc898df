import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { pngTextChunk, withPngText } from '../../src/main/core/library/metadata/containers';
import { expect } from '../fixtures';
import { openScreen, type LanguageArea } from './stops';

/** An artist's photo; `flagged` carries a word the Sandbox's moderation reads, so the safety filter holds it back. */
async function photo(n: number, flagged = false) {
  const png = await sharp({ create: { width: 200 + n * 10, height: 160, channels: 3, background: { r: 30 * n, g: 120, b: 90 } } }).png().toBuffer();
  return { name: `IMG_00${40 + n}.png`, mimeType: 'image/png', buffer: flagged ? withPngText(png, [pngTextChunk('Description', 'risque')]) : png };
}

// The walk runs in other languages, so controls are found by where they are, not by their words.
const form = (page: Page) => page.locator('.batch form.tool-form');
const toolChoice = (page: Page) => form(page).locator('label.tool-field select').first();
const actions = (page: Page) => page.locator('.batch-progress').first().locator('.batch-actions button');
/** No picture of the batch on screen is on its way: the screen holds still for the checks. */
const settled = (page: Page) => expect(page.locator('.batch-progress').first().locator('.batch-submitting, .batch-running, .batch-downloading')).toHaveCount(0, { timeout: 60_000 });

/**
 * Batch as the plain-words walk and batch.spec.ts show it: set up, a plan its own check refuses, paused while running,
 * finished with a picture the safety filter held back (its problem said in words), and Retry's message. One picture at a time, so the batch is still running when paused.
 */
export const BATCH: LanguageArea = {
  name: 'Batch',
  async setup(page) {
    expect((await page.evaluate(() => window.gen.settings.update({ concurrencyPerKey: 1 }))).ok).toBe(true);
  },
  stops: [
    {
      name: 'Batch, empty',
      async go(page) {
        await openScreen(page, 'batch');
        await expect(form(page)).toBeVisible();
      },
    },
    {
      name: 'Batch, set up',
      async go(page) {
        await form(page).locator('input[type="file"][accept]').first().setInputFiles([await photo(1), await photo(2), await photo(3), await photo(4), await photo(5, true)]);
        await form(page).locator('.tool-field:has(.batch-path) button').click();
        await expect(form(page).locator('.tool-summary strong')).toBeVisible();
      },
    },
    {
      // A plan refused by its own check: Erase with no mask chosen says the catalog's words, not main's English.
      name: 'Batch, Erase with no mask',
      async go(page) {
        await toolChoice(page).selectOption('erase');
        await expect(form(page).locator('#batch-problem')).toBeVisible();
      },
    },
    {
      name: 'Batch, paused',
      async go(page) {
        await toolChoice(page).selectOption('deblur');
        await expect(form(page).locator('.tool-summary strong')).toBeVisible();
        await form(page).locator('button.primary').click();
        await actions(page).first().click();
        // Resume and Cancel the rest: paused.
        await expect(actions(page)).toHaveCount(2);
        await expect(page.locator('.batch-progress').first().locator('.batch-item-state').first()).toBeVisible();
        await settled(page);
      },
    },
    {
      name: 'Batch, finished with counts',
      async go(page) {
        await actions(page).first().click();
        await expect(actions(page)).toHaveCount(0, { timeout: 60_000 });
        await expect(page.locator('.batch-progress').first().locator('.batch-moderated')).toHaveCount(1);
      },
    },
    {
      name: 'Batch, Retry sent again',
      async go(page) {
        await page.locator('.batch-progress').first().locator('.batch-moderated button').click();
        await expect(page.locator('.batch-sent-again')).toBeVisible();
        await settled(page);
        await expect(page.locator('.batch-progress').first().locator('.batch-moderated')).toHaveCount(1);
      },
    },
  ],
};
