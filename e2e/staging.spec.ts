import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { launchChromium } from './harness/launch';
import { dragImage, openCanvas, openPicture, png, shortcut, useModel } from './canvasDriver';
import { expect, test } from './fixtures';
import { recordingFetch, type Received } from './studioFixture';

const W = 400;
const H = 300;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const strip = (page: Page) => page.getByRole('region', { name: 'Results strip' });
const results = (page: Page) => strip(page).getByRole('listbox', { name: 'Results' });

async function generate(page: Page, prompt: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(strip(page)).toBeVisible();
}

/** The picture the saved project holds, by asset id. */
async function savedPicture(page: Page, dataDir: string): Promise<string | undefined> {
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  const id = await page.evaluate(async () => {
    const listed = await window.gen.projects.list();
    return listed.ok ? listed.value.lastOpenedId : null;
  });
  const file = JSON.parse(await readFile(join(dataDir, 'projects', id!, 'project.json'), 'utf8')) as { document: { base: { assetId: string } | null } };
  return file.document.base?.assetId;
}

/** The asset id a library result becomes when it is used as a picture (its bytes' hash). */
async function resultAssetId(page: Page, dataDir: string, prompt: string): Promise<string> {
  const fileName = await page.evaluate(async (p) => {
    const listed = await window.gen.library.page({ offset: 0, limit: 500 });
    return listed.ok ? listed.value.items.find((i) => i.params.prompt === p)?.fileName : undefined;
  }, prompt);
  expect(fileName, `the library holds the result of “${prompt}”`).toBeTruthy();
  return sha(await readFile(join(dataDir, 'library', fileName!)));
}

async function naturalWidth(img: Locator): Promise<number> {
  await expect(img).toHaveJSProperty('complete', true);
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth);
}

test.describe('the strip while its results run', () => {
  // The placeholder is checked while its task runs: the Sandbox keeps the app's demo pace.
  test.use({ sandboxPace: 'demo' });

  test('results land in the strip, step with the keyboard, compare before and after, and one is accepted as one undo step with the old picture kept as a version', async ({ app }) => {
    // A long journey (three results made, a restart): the time is for its many steps, not for waiting on one.
    test.setTimeout(180_000);
    let page = app.page;
    const canvas = await openCanvas(page);
    const original = await png(W, H, '#3a6ea5');
    await openPicture(page, original);
    await shortcut(canvas, 'r');
    await dragImage(page, canvas, [[60, 60], [220, 180]]);

    await generate(page, 'a red boat');
    // A placeholder with its progress while it runs.
    await expect(results(page).getByRole('option')).toHaveCount(1);
    await expect(results(page).getByRole('option').first()).toHaveAccessibleName(/^Pro 1.0 Fill: (Ready to send|Queued|Sending|Running|Saving result)/);
    await generate(page, 'a green boat');
    await generate(page, 'a blue boat');
    const ready = results(page).getByRole('option', { name: 'Pro 1.0 Fill: Ready' });
    await expect(ready).toHaveCount(3, { timeout: 30_000 });
    await expect(strip(page).getByRole('heading')).toContainText('3 to review');

    // Arrow keys step through; the selected one shows over the canvas, in place, at the picture's size.
    await results(page).focus();
    await page.keyboard.press('Home');
    await expect(ready.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(ready.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(strip(page).getByLabel('Selected result')).toContainText('a green boat');
    const preview = page.getByRole('group', { name: 'Result preview' });
    expect(await naturalWidth(preview.getByRole('img'))).toBe(W);
    const inPlace = await preview.getByRole('img').boundingBox();
    const canvasBox = await canvas.boundingBox();
    const [scale, vx, vy] = ((await canvas.getAttribute('data-view')) ?? '1,0,0').split(',').map(Number) as [number, number, number];
    expect(Math.abs(inPlace!.x - (canvasBox!.x + vx))).toBeLessThan(2);
    expect(Math.abs(inPlace!.y - (canvasBox!.y + vy))).toBeLessThan(2);
    expect(Math.abs(inPlace!.width - W * scale)).toBeLessThan(2);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(ready.nth(2)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(ready.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(strip(page).getByLabel('Selected result')).toContainText('a green boat');

    // Before/after: a divider the keyboard and the pointer move; side by side: both whole.
    await strip(page).getByRole('radio', { name: 'Before/after' }).click();
    const divider = preview.getByRole('slider', { name: 'Before and after' });
    await expect(divider).toHaveAttribute('aria-valuenow', '50');
    await divider.focus();
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(divider).toHaveAttribute('aria-valuenow', '40');
    await expect(preview.getByRole('img')).toHaveAttribute('style', /clip-path: inset\(0px 0px 0px 40%\)/);
    const dividerBox = (await divider.boundingBox())!;
    const imageBox = (await preview.getByRole('img').boundingBox())!;
    await page.mouse.move(dividerBox.x + dividerBox.width / 2, dividerBox.y + dividerBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(imageBox.x + imageBox.width * 0.75, dividerBox.y + dividerBox.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(divider).toHaveAttribute('aria-valuenow', /^(74|75|76)$/);
    await strip(page).getByRole('radio', { name: 'Side by side' }).click();
    const side = preview.getByRole('group', { name: 'Side by side' });
    expect(await naturalWidth(side.getByRole('img', { name: 'Before: the picture now' }))).toBe(W);
    expect(await naturalWidth(side.getByRole('img', { name: 'After: the result' }))).toBe(W);
    await strip(page).getByRole('radio', { name: 'Result' }).click();

    // Accept: the result is the picture; the strip lets it go; the old picture is a version.
    const originalId = sha(original);
    expect(await savedPicture(page, app.dataDir)).toBe(originalId);
    const greenId = await resultAssetId(page, app.dataDir, 'a green boat');
    await results(page).focus();
    await page.keyboard.press('Enter');
    await expect(strip(page).getByRole('status', { name: 'Results message' })).toContainText('The result is the picture now');
    await expect(results(page).getByRole('option')).toHaveCount(2);
    await expect(preview).toHaveCount(0);
    expect(await savedPicture(page, app.dataDir)).toBe(greenId);
    await expect(strip(page).getByRole('button', { name: 'Versions (1)' })).toBeVisible();

    // One undo step takes the accept back: the old picture, and the result back in the strip.
    await shortcut(canvas, 'Control+z');
    expect(await savedPicture(page, app.dataDir)).toBe(originalId);
    await expect(results(page).getByRole('option')).toHaveCount(3);
    await expect(strip(page).getByRole('button', { name: 'Versions (0)' })).toBeVisible();
    await shortcut(canvas, 'Control+Shift+z');
    expect(await savedPicture(page, app.dataDir)).toBe(greenId);
    await expect(results(page).getByRole('option')).toHaveCount(2);

    // Discard and keep take results out of the strip, not out of the library, and the project remembers.
    await results(page).focus();
    await page.keyboard.press('Home');
    await expect(strip(page).getByLabel('Selected result')).toContainText('a red boat');
    await page.keyboard.press('Delete');
    await expect(results(page).getByRole('option')).toHaveCount(1);
    await strip(page).getByRole('button', { name: 'Keep in library only' }).click();
    await expect(results(page)).toHaveCount(0);
    await expect(strip(page)).toContainText('Results of this project appear here as soon as they are made.');
    expect(await page.evaluate(async () => ((await window.gen.library.page({ offset: 0, limit: 500 })) as { ok: boolean; value: { items: unknown[] } }).value.items.length)).toBe(3);

    await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
    page = await app.restart();
    await openCanvas(page);
    await expect(strip(page)).toContainText('Results of this project appear here as soon as they are made.');
    // The version list survived too, and restoring one is one undo step.
    await strip(page).getByRole('button', { name: 'Versions (1)' }).click();
    const versions = page.getByRole('dialog', { name: 'Versions of the picture' });
    await versions.getByRole('listitem').getByRole('button', { name: 'Restore' }).click();
    expect(await savedPicture(page, app.dataDir)).toBe(originalId);
    await shortcut(page.getByRole('application', { name: 'Canvas' }), 'Control+z');
    expect(await savedPicture(page, app.dataDir)).toBe(greenId);

    // Start: a new project from a library result opens with that result as its picture.
    await page.getByRole('navigation').getByRole('button', { name: 'Start' }).click();
    await page.getByRole('button', { name: 'From a library result…' }).click();
    const picker = page.getByRole('dialog', { name: 'Start from a library result' });
    await expect(picker.getByRole('button', { name: /^Use / })).toHaveCount(3);
    const blueFile = await page.evaluate(async () => ((await window.gen.library.page({ offset: 0, limit: 500 })) as { ok: true; value: { items: { fileName: string; params: { prompt?: string } }[] } }).value.items.find((i) => i.params.prompt === 'a blue boat')!.fileName);
    await picker.getByRole('button', { name: `Use ${blueFile}` }).click();
    await expect(page.getByLabel('Image size')).toContainText(`${W} × ${H} px`);
    expect(await savedPicture(page, app.dataDir)).toBe(await resultAssetId(page, app.dataDir, 'a blue boat'));
    await expect(page.getByRole('heading', { name: 'a blue boat' })).toBeVisible();
  });
});

test('a moderated and a failed result stay in the strip and say why, in words', async ({ runner }) => {
  test.skip(runner !== 'chromium', 'the failure switch is set on the core the Chromium harness starts');
  const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-e2e-'));
  // The Sandbox's failure switch: every Deblur task ends in Error.
  const received: Received[] = [];
  const app = await launchChromium({
    dataDir,
    deps: { fetch: recordingFetch(received), sandboxOptions: { timing: 'demo', failures: [{ on: 'submit', endpoint: 'deblur-v1', failure: { kind: 'task-error' } }] } },
  });
  try {
    const page = app.page;
    const canvas = await openCanvas(page);
    await openPicture(page, await png(W, H, '#3a6ea5'));
    await shortcut(canvas, 'r');
    await dragImage(page, canvas, [[60, 60], [220, 180]]);
    // A word the service refuses.
    await generate(page, 'a gore scene');
    await useModel(page, 'deblur-v1');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();

    const moderated = results(page).getByRole('option', { name: 'Pro 1.0 Fill: Moderated' });
    await expect(moderated).toContainText('The service refused this request (Violence). Nothing was charged.', { timeout: 30_000 });
    const failed = results(page).getByRole('option', { name: 'Deblur: Failed' });
    await expect(failed).toContainText('The service could not make this task', { timeout: 30_000 });

    await moderated.click();
    await expect(strip(page).getByRole('note', { name: 'Why' })).toContainText('Change the prompt or the inputs and generate again.');
    // Neither has a picture to accept, and neither shows a price: nothing was charged.
    await expect(strip(page).getByRole('button', { name: 'Accept as the picture' })).toHaveCount(0);
    await expect(strip(page).getByLabel('Selected result')).not.toContainText('credit');
    await results(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect(failed).toHaveAttribute('aria-selected', 'true');
    await expect(strip(page).getByRole('note', { name: 'Why' })).toContainText('The service could not make this task');
    await page.keyboard.press('Delete');
    await expect(results(page).getByRole('option')).toHaveCount(1);
    // Both were really sent, as the strip says: the refused prompt to the fill model, the picture to Deblur.
    expect(received.map((r) => r.path)).toEqual(['/v1/gen-pro-1.0-fill', '/v1/gen-tools/deblur-v1']);
    expect(received[0]!.body.prompt).toBe('a gore scene');
    expect(typeof received[1]!.body.image).toBe('string');
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('an erase result kept outside the mask untouched changes only the painted pixels, at full resolution', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  const canvas = await openCanvas(page);
  // Noise, so an erased pixel cannot come back as it was by chance.
  let seed = 7;
  const noise = Buffer.alloc(W * H * 3, 0).map(() => (seed = (seed * 1103515245 + 12345) % 2147483648) % 256);
  const original = await sharp(noise, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
  await openPicture(page, original);
  await useModel(page, 'erase-v1');
  await page.getByText('Advanced', { exact: true }).click();
  await page.getByLabel(/^Edge expansion/).fill('12');
  await shortcut(canvas, 'Control+1');
  await shortcut(canvas, 'r');
  await dragImage(page, canvas, [[100, 100], [200, 200]]);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const ready = results(page).getByRole('option', { name: 'Erase: Ready' });
  await expect(ready).toHaveCount(1, { timeout: 30_000 });
  await ready.click();

  const pixel = async (file: string, x: number, y: number) => {
    const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
  };
  const fileName = await page.evaluate(async () => ((await window.gen.library.page({ offset: 0, limit: 500 })) as { ok: true; value: { items: { fileName: string }[] } }).value.items[0]!.fileName);
  const raw = join(app.dataDir, 'library', fileName);
  const outside: [number, number] = [204, 150]; // just outside the painted square
  const inside: [number, number] = [150, 150];
  const before = (x: number, y: number) => [...noise.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
  // The service's erase reaches past the painted edge (the edge expansion): without the option, those change too.
  expect(await pixel(raw, ...outside)).not.toEqual(before(...outside));

  await strip(page).getByRole('checkbox', { name: 'Keep outside the mask untouched' }).check();
  const preview = page.getByRole('group', { name: 'Result preview' });
  expect(await naturalWidth(preview.getByRole('img'))).toBe(W);
  await strip(page).getByRole('button', { name: 'Accept as the picture' }).click();
  await expect(strip(page).getByRole('status', { name: 'Results message' })).toContainText('The result is the picture now');
  const accepted = await savedPicture(page, app.dataDir);
  const file = join(app.dataDir, 'assets', accepted!.slice(0, 2), `${accepted}.png`);
  expect(await sharp(file).metadata()).toMatchObject({ width: W, height: H });
  expect(await pixel(file, ...outside)).toEqual(before(...outside));
  expect(await pixel(file, ...inside)).toEqual(await pixel(raw, ...inside));
  expect(await pixel(file, 5, 5)).toEqual(before(5, 5));
});

test('a result larger than the picture is shown whole, fitted, and Fit and 100% work on it as on the picture', async ({ app }) => {
  test.setTimeout(90_000);
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(W, H, '#3a6'));
  // Ultra makes about 2752×1536 whatever the picture: centred on a 400×300 picture, it reaches far past it.
  await useModel(page, 'gen-pro-1.1-ultra');
  await generate(page, 'a wide valley at dawn');
  const ready = results(page).getByRole('option', { name: /Ready/ });
  await expect(ready).toHaveCount(1, { timeout: 30_000 });
  await ready.click();
  const preview = page.getByRole('group', { name: 'Result preview' });
  const shown = preview.getByRole('img');
  expect(await naturalWidth(shown)).toBeGreaterThan(W * 4);
  /** Whether the result's whole picture is inside the canvas's box (not under the toolbar or the strip). */
  const whole = async () => {
    const [r, c] = [await shown.boundingBox(), await canvas.boundingBox()];
    return r !== null && c !== null && r.x >= c.x - 1 && r.y >= c.y - 1 && r.x + r.width <= c.x + c.width + 1 && r.y + r.height <= c.y + c.height + 1;
  };
  await expect.poll(whole).toBe(true);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: test.info().outputPath(`result-fitted-${theme}.png`) });
  }
  // The zoom controls act on the canvas and the result together: 100% is one result pixel to one screen pixel.
  await page.getByRole('button', { name: '100%, actual size' }).click();
  await expect.poll(async () => Math.round((await shown.boundingBox())!.width)).toBe(await naturalWidth(shown));
  await page.getByRole('button', { name: 'Fit to window' }).click();
  await expect.poll(whole).toBe(true);
});
