import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { INTENTS, intentModels, type IntentId } from '../../src/shared/studio/intents';
import { openCanvas } from '../canvasDriver';
import { expect } from '../fixtures';
import type { LanguageArea, LanguageStop } from './stops';

const panel = (page: Page) => page.locator('.studio-panel');

/** Chooses an intent by its id (its name is in the language on screen), and waits for a model of it. */
async function chooseIntent(page: Page, id: IntentId): Promise<void> {
  await panel(page).locator(`[data-intent="${id}"]`).click();
  await expect(panel(page).locator(`[data-intent="${id}"]`)).toHaveAttribute('aria-checked', 'true');
  const models = intentModels(INTENTS.find((i) => i.id === id)!).map((m) => m.id);
  await expect.poll(async () => models.includes((await panel(page).getAttribute('data-endpoint')) ?? '')).toBe(true);
}

async function chooseModel(page: Page, intent: IntentId, endpointId: string): Promise<void> {
  await chooseIntent(page, intent);
  await panel(page).locator('.model-select select').selectOption(endpointId);
  await expect(panel(page)).toHaveAttribute('data-endpoint', endpointId);
}

/** Every intent of Start's list, as the studio's picker offers them, with a picture open. */
const intentStops: LanguageStop[] = INTENTS.map((intent) => ({
  name: `the ${intent.label} form`,
  go: (page) => chooseIntent(page, intent.id),
}));

export const STUDIO: LanguageArea = {
  name: "The studio's intents, model and generate form",
  async setup(page) {
    await openCanvas(page);
    // The empty canvas's own button, marked while its name is still English, to open the picture later.
    await page.getByLabel('Open a picture').evaluate((el) => el.setAttribute('data-walk', 'open-picture'));
  },
  stops: [
    {
      name: 'Inpaint, waiting for a picture',
      async go(page) {
        await chooseIntent(page, 'inpaint');
        // The axe walk comes here again in its second language, when the picture is already open.
        if ((await page.locator('[data-walk="open-picture"]').count()) > 0) await expect(panel(page).locator('.generate-dock [role="note"]')).toBeVisible();
      },
    },
    {
      name: 'a picture opened',
      async go(page) {
        const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 70, g: 110, b: 150 } } }).png().toBuffer();
        const open = page.locator('[data-walk="open-picture"]');
        if ((await open.count()) > 0) await open.setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: png });
        await expect(panel(page).locator('.generate-dock [role="note"]')).toHaveCount(0);
      },
    },
    ...intentStops,
    {
      name: 'Create, with its advanced settings open and four variations',
      async go(page) {
        await chooseModel(page, 'create', 'gen-dev');
        await panel(page).locator('details.form-group').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
        const variations = panel(page).locator('.variations input');
        await variations.fill('4');
        await variations.press('Enter');
        await expect(panel(page).locator('.generate-button')).toContainText('4');
      },
    },
    {
      name: 'a value out of range, and its message beside the field',
      async go(page) {
        await panel(page).locator('[data-field="width"] input').fill('1600');
        await expect(panel(page).locator('[data-field="width"] [role="alert"]')).toBeVisible();
      },
    },
    {
      name: 'the price estimate',
      async go(page) {
        await expect(panel(page).locator('.generate-readout li[data-basis]:not([data-basis=""])')).toHaveCount(1);
      },
    },
    {
      name: 'a finetune picked from the list',
      async go(page) {
        await chooseModel(page, 'create', 'gen-2-klein-9b-kv-finetuned');
        const list = panel(page).locator('.finetune-picker select');
        await expect(list.locator('option')).toHaveCount(3);
        await list.selectOption('sandbox-demo-lora');
        await expect(panel(page).locator('.finetune-picker .form-hint')).toContainText('TOK');
      },
    },
    {
      name: 'Upscale video, with no clip yet',
      async go(page) {
        await chooseIntent(page, 'upscale-video');
        await expect(panel(page).locator('.upscale-panel')).toBeVisible();
      },
    },
    {
      name: 'Upscale video, a chosen file refused',
      async go(page) {
        const file = { name: 'notes.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video at all') };
        await panel(page).locator('.upscale-source input[type="file"]').setInputFiles(file);
        await expect(panel(page).locator('.upscale-refused li')).toHaveCount(1);
      },
    },
    {
      name: 'Video, Generate refused with no keyframe pinned',
      async go(page) {
        await chooseIntent(page, 'video');
        await panel(page).locator('.generate-button').click();
        await expect(panel(page).locator('.studio-notice.error')).toBeVisible();
      },
    },
  ],
};
