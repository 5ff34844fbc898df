import type { Page } from '@playwright/test';
import { dragImage, openCanvas, openPicture, png, shortcut, useModel } from './canvasDriver';
import { expect, test, type Received } from './studioFixture';
import { encodeMp4 } from '../src/main/sandbox/video/encodeMp4';
import { INTENTS, type IntentId } from '../src/shared/studio/intents';

const panel = (page: Page) => page.getByRole('region', { name: 'Generate' });
const prompt = (page: Page) => panel(page).getByRole('textbox', { name: /^Prompt/ });
/** Generate, or Upscale on the Upscale video intent (its send button says what it does). */
const generate = (page: Page) => panel(page).getByRole('button', { name: /^(Generate|Upscale)$/ }).click();
const advanced = (page: Page) => panel(page).locator('details').filter({ hasText: 'Advanced' }).first().evaluate((d: HTMLDetailsElement) => (d.open = true));
/** Adds references from files and waits until the board lists them (they are stored first). */
async function addReferences(page: Page, colours: readonly string[]): Promise<void> {
  const listed = page.getByRole('listitem', { name: /^Reference \d/ });
  const before = await listed.count();
  await page.getByLabel('Add references from files').setInputFiles(await Promise.all(colours.map(async (c, i) => ({ name: `ref ${before + i + 1}.png`, mimeType: 'image/png', buffer: await png(60 + i * 4, 40, c) }))));
  await expect(listed).toHaveCount(before + colours.length);
}

/** Waits for the Sandbox to have received `count` submissions in all, and answers them. */
async function sent(received: Received[], count: number): Promise<Received[]> {
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(count);
  return received;
}

type Press = 'full view' | 'menu' | 'key';

interface Case {
  readonly intent: IntentId;
  /** where Reuse parameters is pressed: the full view's button, the card's right-click menu, or P on a selected card */
  readonly press: Press;
  /** makes the first result in the studio, ready to Generate */
  make(page: Page): Promise<void>;
  /** changes what only this intent holds, before everything else is changed */
  change?(page: Page): Promise<void>;
}

/** A clip file made by the Sandbox's encoder, for the file chooser. */
async function clip(name: string, width: number, height: number, background: [number, number, number]) {
  return { name, mimeType: 'video/mp4', buffer: Buffer.from(await encodeMp4({ width, height, fps: 24, seconds: 1, background })) };
}

/** The upscale's settings: the clip chosen from a file, the factor typed, precise or creative. */
async function upscaleWith(page: Page, file: Awaited<ReturnType<typeof clip>>, size: string, factor: string, detail: 'Precise' | 'Creative'): Promise<void> {
  await panel(page).getByLabel('Choose a clip to upscale').setInputFiles(file);
  await expect(panel(page).getByLabel('Clip facts')).toContainText(size);
  const times = panel(page).getByLabel('Upscale factor (times)');
  await times.fill(factor);
  await times.press('Enter');
  await panel(page).getByRole('radio', { name: detail }).click();
}

/** Paints a rectangle of mask with the rectangle tool, in image pixels. */
async function paint(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const canvas = page.getByRole('application', { name: 'Canvas' });
  await shortcut(canvas, 'Control+1');
  await shortcut(canvas, 'r');
  await dragImage(page, canvas, [from, to]);
}

const CASES: readonly Case[] = [
  {
    intent: 'create',
    press: 'full view',
    make: async (page) => {
      await useModel(page, 'gen-dev', 'create');
      await prompt(page).fill('a lighthouse at dusk');
      await panel(page).getByLabel('Width').fill('512');
      await panel(page).getByLabel('Height').fill('384');
      await advanced(page);
      await panel(page).getByLabel(/^Seed/).fill('42');
    },
  },
  {
    intent: 'edit',
    press: 'menu',
    make: async (page) => {
      await openPicture(page, await png(400, 300, '#ff0000'));
      await useModel(page, 'gen-2-pro', 'edit');
      await addReferences(page, ['#00ff00', '#0000ff']);
      await prompt(page).fill('the hat of image 2 on image 1');
    },
  },
  {
    intent: 'inpaint',
    press: 'key',
    make: async (page) => {
      await openPicture(page, await png(400, 300, '#3a6ea5'));
      // A board the inpaint does not use: it must still be there, three of them, after the reuse.
      await useModel(page, 'gen-2-pro', 'edit');
      await addReferences(page, ['#101010', '#202020', '#303030']);
      await useModel(page, 'gen-pro-1.0-fill', 'inpaint');
      await paint(page, [100, 100], [200, 150]);
      await prompt(page).fill('a red door');
    },
  },
  {
    intent: 'expand',
    press: 'full view',
    make: async (page) => {
      await openPicture(page, await png(400, 300, '#8a5a2b'));
      await useModel(page, 'gen-pro-1.0-expand', 'expand');
      await page.getByLabel('right margin').fill('80');
      await page.getByLabel('right margin').press('Tab');
      await prompt(page).fill('more beach');
    },
  },
  {
    intent: 'outpaint',
    press: 'menu',
    make: async (page) => {
      await openPicture(page, await png(400, 300, '#446655'));
      await useModel(page, 'outpainting-v1', 'outpaint');
      await page.getByRole('button', { name: 'Add a frame around the picture' }).click();
      await page.getByLabel('Frame width').fill('600');
      await page.getByLabel('Frame width').press('Tab');
    },
  },
  {
    intent: 'try-on',
    press: 'key',
    make: async (page) => {
      await openPicture(page, await png(400, 300, '#c08060'));
      await useModel(page, 'vto-v2', 'try-on');
      await addReferences(page, ['#203040']);
    },
  },
  {
    intent: 'clean-up',
    press: 'full view',
    make: async (page) => {
      await openPicture(page, await png(400, 300, '#778899'));
      await useModel(page, 'erase-v1', 'clean-up');
      await paint(page, [10, 10], [60, 60]);
    },
  },
  {
    intent: 'video',
    press: 'menu',
    make: async (page) => {
      await useModel(page, 'gen-3-video', 'video');
      await prompt(page).fill('waves on a beach at dawn');
      await panel(page).getByRole('radio', { name: 'From text' }).click();
      await panel(page).getByLabel('Length in seconds').fill('2');
      await panel(page).getByLabel('Length in seconds').press('Enter');
    },
  },
  {
    intent: 'upscale-video',
    press: 'key',
    make: async (page) => {
      await page.getByRole('radio', { name: 'Upscale video', exact: true }).click();
      await upscaleWith(page, await clip('harbour.mp4', 320, 180, [30, 60, 90]), '320 × 180', '2.5', 'Precise');
      await prompt(page).fill('crisp rigging');
    },
    change: async (page) => {
      await upscaleWith(page, await clip('other.mp4', 256, 144, [200, 40, 40]), '256 × 144', '4', 'Creative');
      await prompt(page).fill('soft and dreamy');
    },
  },
];

/** Everything changed after the first result: another picture, another board, another intent and prompt. */
async function changeEverything(page: Page): Promise<void> {
  await useModel(page, 'gen-2-flex', 'edit');
  const replace = page.getByLabel('Replace the picture');
  await ((await replace.count()) > 0 ? replace : page.getByLabel('Open a picture')).setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: await png(320, 240, '#f0e0a0') });
  await expect(page.getByLabel('Image size')).toContainText('320 × 240 px');
  await addReferences(page, ['#ffff00']);
  await prompt(page).fill('something else entirely');
  await useModel(page, 'deblur-v1', 'clean-up');
}

async function pressReuse(page: Page, press: Press): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Gallery' }).click();
  const card = page.getByRole('list', { name: 'Results' }).getByRole('button').first();
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(1, { timeout: 60_000 });
  if (press === 'full view') {
    await card.dblclick();
    await page.getByRole('dialog', { name: 'Result' }).getByRole('button', { name: 'Reuse parameters' }).click();
  } else if (press === 'menu') {
    await card.click({ button: 'right' });
    await page.getByRole('menu', { name: 'Result actions' }).getByRole('menuitem', { name: /Reuse parameters/ }).click();
  } else {
    await card.click();
    await page.keyboard.press('p');
  }
}

for (const c of CASES) {
  test(`reuse parameters on a ${c.intent} result (pressed in the ${c.press === 'key' ? 'gallery with P' : c.press}): the studio sends the very same request again`, async ({ studio }) => {
    test.setTimeout(90_000);
    const { page, received } = studio;
    await openCanvas(page);
    await c.make(page);
    await generate(page);
    const [first] = await sent(received, 1);
    await c.change?.(page);
    await changeEverything(page);

    await pressReuse(page, c.press);
    // The studio opens on the result's intent.
    await expect(panel(page).getByRole('radiogroup', { name: 'What to do' }).getByRole('radio', { checked: true })).toHaveText(INTENTS.find((i) => i.id === c.intent)!.label);
    const notice = page.getByRole('status', { name: 'Studio notice' });
    await expect(notice).toContainText('settings are back in the studio');
    // Nothing on the canvas went without a word: what was replaced is named, with the undo that brings it back.
    if (c.intent !== 'create' && c.intent !== 'video' && c.intent !== 'upscale-video') await expect(notice).toContainText(/replaced the picture.*brings/);
    await generate(page);
    const [, again] = await sent(received, 2);
    expect(again!.path).toBe(first!.path);
    expect(again!.body).toEqual(first!.body);
    // What the request did not use stays: the inpaint leaves the board as the artist left it (3, then one more).
    if (c.intent === 'inpaint') {
      await useModel(page, 'gen-2-pro', 'edit');
      await expect(page.getByRole('listitem', { name: /^Reference \d/ })).toHaveCount(4);
    }
  });
}
