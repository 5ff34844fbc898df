import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { encodeMp4 } from '../src/main/sandbox/video/encodeMp4';
import { openCanvas } from './canvasDriver';
import { expect, test, type Received } from './studioFixture';

const strip = (page: Page) => page.getByRole('region', { name: 'Results strip' });
const tiles = (page: Page) => strip(page).getByRole('listbox', { name: 'Results' });
const player = (page: Page) => page.getByRole('group', { name: 'Video result' });
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Sends a text-to-video for the open project straight through the contract: the form is not what these journeys test. */
async function makeClip(page: Page, prompt: string, seconds: number): Promise<void> {
  const sent = await page.evaluate(
    async ({ prompt, seconds }) => {
      const listed = await window.gen.projects.list();
      const projectId = listed.ok ? listed.value.lastOpenedId : null;
      const r = await window.gen.tasks.submitGroup({ request: { endpointId: 'gen-3-video', params: { mode: 't2v', prompt, duration: seconds, resolution: 'hd' }, inputs: {} }, count: 1, projectId });
      return r.ok ? r.value.length : r.error.message;
    },
    { prompt, seconds },
  );
  expect(sent).toBe(1);
}

/** The clip's tile once it is ready, selected so the player shows it over the canvas. */
async function showClip(page: Page, index = 0): Promise<void> {
  const tile = tiles(page).getByRole('option').nth(index);
  await expect(tile).toHaveAttribute('aria-label', /Ready/, { timeout: 60_000 });
  await tile.click();
  await expect(player(page)).toBeVisible();
  await expect(player(page).getByRole('button', { name: 'Play' })).toBeEnabled();
}

const frameShown = (page: Page, frame: number) => expect(player(page).locator('output[aria-label="Playhead"]')).toHaveText(`${(frame / 24).toFixed(2)} s · frame ${frame}`);

/** The open project's document as saved. */
async function savedDocument(page: Page, dataDir: string): Promise<{ intent?: string; base: { assetId: string } | null; timeline: { keyframes: { frame: number; image: { assetId: string; width: number } }[] } }> {
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  const id = await page.evaluate(async () => {
    const listed = await window.gen.projects.list();
    return listed.ok ? listed.value.lastOpenedId : null;
  });
  return (JSON.parse(await readFile(join(dataDir, 'projects', id!, 'project.json'), 'utf8')) as { document: Awaited<ReturnType<typeof savedDocument>> }).document;
}

/** The canvas's picture, read back from the asset store: its size and the RGB of a few pixels. */
async function picturePixels(page: Page, dataDir: string, points: readonly [number, number][]): Promise<{ width: number; height: number; pixels: number[][]; pngColorType: number }> {
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  const id = await page.evaluate(async () => {
    const listed = await window.gen.projects.list();
    return listed.ok ? listed.value.lastOpenedId : null;
  });
  const file = JSON.parse(await readFile(join(dataDir, 'projects', id!, 'project.json'), 'utf8')) as { document: { base: { assetId: string } | null } };
  const assetId = file.document.base!.assetId;
  return page.evaluate(
    async ({ assetId, points }) => {
      const info = await window.gen.assets.get({ id: assetId });
      if (!info.ok) throw new Error(info.error.message);
      const file = new Uint8Array(await (await fetch(info.value.url)).arrayBuffer());
      const img = new Image();
      img.src = info.value.url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      // The IHDR's colour type: 2 is RGB, 6 RGBA.
      return { width: img.naturalWidth, height: img.naturalHeight, pixels: points.map(([x, y]) => [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)]), pngColorType: file[25]! };
    },
    { assetId, points },
  );
}

test('a video result plays in the strip, steps frame by frame, and a frame becomes the canvas picture at the clip’s size', async ({ studio }) => {
  test.setTimeout(180_000);
  const { page, dataDir } = studio;
  await openCanvas(page);
  await makeClip(page, 'waves on a beach at dawn', 2);
  await showClip(page);
  await expect(player(page).locator('video')).toHaveJSProperty('videoWidth', 1280);

  // Space from the strip plays and pauses it; the playhead moves while it plays.
  await tiles(page).focus();
  await page.keyboard.press('Space');
  await expect(player(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => player(page).locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
  await page.keyboard.press('Space');
  await expect(player(page).getByRole('button', { name: 'Play' })).toBeVisible();

  // From the player: Home, then period and comma a frame each, Shift+arrows a second.
  await player(page).focus();
  await page.keyboard.press('Home');
  await frameShown(page, 0);
  for (let i = 0; i < 5; i++) await page.keyboard.press('.');
  await frameShown(page, 5);
  await page.keyboard.press(',');
  await frameShown(page, 4);
  await page.keyboard.press('Shift+ArrowRight');
  await frameShown(page, 28);
  await page.keyboard.press('Shift+ArrowLeft');
  await frameShown(page, 4);
  await page.keyboard.press('End');
  await frameShown(page, 47);
  await page.keyboard.press('Home');
  // Comma and period from the strip too.
  await tiles(page).focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Period');
  await page.keyboard.press('Comma');
  await frameShown(page, 5);
  // Typing in a text field never steps the clip.
  await page.getByRole('textbox', { name: /^Prompt/ }).first().focus();
  await page.keyboard.type('.,');
  await frameShown(page, 5);

  await player(page).getByRole('button', { name: 'Use this frame as the picture' }).click();
  await expect(strip(page).getByRole('status', { name: 'Results message' })).toContainText('frame 5');
  await expect(page.getByLabel('Image size')).toContainText('1280 × 736 px');

  // The Sandbox's clip draws a bar along its bottom edge as wide as the share of the clip shown: at frame 5 of 48
  // it ends at 1280 × 6 / 48 = 160 px. The picture's pixels are that frame's.
  const y = 736 - 3;
  const picture = await picturePixels(page, dataDir, [
    [150, y],
    [170, y],
    [640, 300],
  ]);
  // An opaque frame is stored as an RGB PNG: smaller, quicker to write, nothing transparent to look for.
  expect(picture).toMatchObject({ width: 1280, height: 736, pngColorType: 2 });
  const [inBar, pastBar] = picture.pixels;
  expect(Math.min(...inBar!)).toBeGreaterThan(200);
  expect(Math.max(...pastBar!)).toBeLessThan(160);

  // One undo step takes the frame back off the canvas.
  await page.getByRole('application', { name: 'Canvas' }).focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByLabel('Image size')).not.toContainText('1280 × 736 px');

  // The frame on screen pins to the video timeline at the time it shows.
  await player(page).getByRole('button', { name: 'Pin as a keyframe' }).click();
  await expect(strip(page).getByRole('status', { name: 'Results message' })).toContainText('keyframe at 0.21 s · frame 5');
  await expect.poll(async () => (await savedDocument(page, dataDir)).timeline.keyframes.map((k) => [k.frame, k.image.width])).toEqual([[5, 1280]]);
  expect((await savedDocument(page, dataDir)).intent).toBe('video');
  // The tile shows the clip's poster, drawn once by the renderer and stored by main.
  await expect(tiles(page).getByRole('option').first().locator('img')).toBeVisible({ timeout: 20_000 });
});

test('the gallery’s full view plays a clip with the same player and uses its frame on the canvas; a picture is pinned as a keyframe from the gallery', async ({ studio }) => {
  test.setTimeout(180_000);
  const { page, dataDir } = studio;
  await openCanvas(page);
  const made = await page.evaluate(async () => {
    const r = await window.gen.tasks.submitGroup({ request: { endpointId: 'gen-dev', params: { prompt: 'a paper boat', width: 512, height: 384 }, inputs: {} }, count: 1, projectId: null });
    return r.ok;
  });
  expect(made).toBe(true);
  await makeClip(page, 'a kite over the dunes', 1);
  await expect(tiles(page).getByRole('option').first()).toHaveAttribute('aria-label', /Ready/, { timeout: 60_000 });
  await page.getByRole('navigation').getByRole('button', { name: 'Gallery' }).click();
  // The clip's card shows its poster once the renderer has drawn it (lazily, after the grid is up).
  const card = page.locator('.gallery-card').filter({ hasText: 'a kite over the dunes' });
  await expect(card.locator('img')).toBeVisible({ timeout: 20_000 });
  await expect(card.locator('video')).toHaveCount(0);

  // "Use as keyframe" on a picture pins it on the first frame and opens the studio on Video.
  await page.locator('.gallery-card').filter({ hasText: 'a paper boat' }).getByRole('button').first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Use as keyframe' }).click();
  await expect(page.getByRole('radio', { name: 'Video', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await savedDocument(page, dataDir)).timeline.keyframes.map((k) => [k.frame, k.image.width])).toEqual([[0, 512]]);
  await page.getByRole('navigation').getByRole('button', { name: 'Gallery' }).click();
  await card.getByRole('button').first().dblclick();
  const full = page.getByRole('dialog', { name: 'Result' });
  const controls = full.getByRole('toolbar', { name: 'Player controls' });
  await expect(controls.getByRole('button', { name: 'Play' })).toBeEnabled();
  await page.keyboard.press('Period');
  await page.keyboard.press('Period');
  await page.keyboard.press('Period');
  await expect(controls.locator('output[aria-label="Playhead"]')).toHaveText('0.13 s · frame 3');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(controls.locator('output[aria-label="Playhead"]')).toHaveText('0.96 s · frame 23');
  await controls.getByRole('button', { name: 'Use this frame as the picture' }).click();
  await expect(page.getByLabel('Image size')).toContainText('1280 × 736 px');
});

/** An MP4 made by the Sandbox's encoder, written where the file chooser can take it. */
async function clipFile(dir: string, name: string, spec: { width: number; height: number; seconds: number; totalBytes?: number }): Promise<string> {
  const mp4 = await encodeMp4({ width: spec.width, height: spec.height, fps: 24, seconds: spec.seconds, background: [30, 60, 90] });
  // A trailing `free` box keeps the file a valid MP4 while making it exactly as large as the test needs, whatever
  // the encoder's own bytes come to (picture and sound).
  const pad = spec.totalBytes ? spec.totalBytes - mp4.length - 8 : 0;
  const free = Buffer.alloc(pad > 0 ? pad + 8 : 0);
  if (pad > 0) {
    free.writeUInt32BE(pad + 8, 0);
    free.write('free', 4, 'latin1');
  }
  const path = join(dir, name);
  await writeFile(path, Buffer.concat([Buffer.from(mp4), free]));
  return path;
}

const upscaleSends = (received: Received[]) => received.filter((r) => r.path === '/v1/gen-tools/video-upscale-v1');

test('a result is upscaled from the strip: the Sandbox receives the clip, the factor and precise or creative, and the larger clip lands', async ({ studio }) => {
  test.setTimeout(240_000);
  const { page, received, dataDir } = studio;
  await openCanvas(page);
  await makeClip(page, 'rain on a window', 1);
  await showClip(page);
  await strip(page).getByRole('button', { name: 'Upscale…' }).click();
  const panel = page.getByRole('region', { name: 'Generate' });
  await expect(panel.getByRole('radio', { name: 'Upscale video' })).toHaveAttribute('aria-checked', 'true');
  await expect(panel.getByLabel('Clip facts')).toContainText('1280 × 736 · 1.0 s');
  // Creative is the default.
  await expect(panel.getByRole('radio', { name: 'Creative' })).toHaveAttribute('aria-checked', 'true');
  await panel.getByRole('radio', { name: 'Precise' }).click();
  const factor = panel.getByRole('textbox', { name: 'Upscale factor (times)' }).or(panel.getByLabel('Upscale factor (times)')).first();
  await factor.fill('2.5');
  await factor.press('Enter');
  await expect(panel.getByLabel('Output frame size')).toContainText('3200 × 1840');
  await panel.getByRole('button', { name: 'Upscale', exact: true }).click();
  await expect.poll(() => upscaleSends(received).length, { timeout: 30_000 }).toBe(1);
  const body = upscaleSends(received)[0]!.body;
  expect(body).toMatchObject({ upscale_factor: 2.5, creativity: 0 });
  expect(body.prompt).toBeUndefined();
  // The clip sent is the result's own file.
  const listed = await page.evaluate(async () => {
    const r = await window.gen.library.page({ offset: 0, limit: 500 });
    return r.ok ? r.value.items.map((i) => ({ fileName: i.fileName, endpointId: i.endpointId })) : [];
  });
  const source = listed.find((i) => i.endpointId === 'gen-3-video')!;
  const sentClip = String(body.video);
  expect(sha(Buffer.from(sentClip.slice(sentClip.indexOf(',') + 1), 'base64'))).toBe(sha(await readFile(join(dataDir, 'library', source.fileName))));

  // The upscaled clip lands in the strip and plays at its new size.
  await page.getByRole('navigation').getByRole('button', { name: 'Studio' }).click();
  await showClip(page, 1);
  await expect(player(page).locator('video')).toHaveJSProperty('videoWidth', 3200);
});

test('an upscale source over 50 MB or over 2560 × 1440 is refused when chosen, each with its reason, and nothing is sent', async ({ studio }) => {
  test.setTimeout(120_000);
  const { page, received, dataDir } = studio;
  await openCanvas(page);
  await page.getByRole('radio', { name: 'Upscale video', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Generate' });
  const choose = panel.getByLabel('Choose a clip to upscale');

  await choose.setInputFiles(await clipFile(dataDir, 'heavy.mp4', { width: 320, height: 180, seconds: 1, totalBytes: 51 * 1000 * 1000 }));
  const refusal = panel.getByRole('alert', { name: 'Clip refused' });
  await expect(refusal).toContainText('heavy.mp4 was not taken; nothing was sent.');
  await expect(refusal).toContainText('This clip is 51.0 MB; video upscaling takes at most 50 MB.');

  await choose.setInputFiles(await clipFile(dataDir, 'wide.mp4', { width: 2576, height: 1456, seconds: 0.5 }));
  await expect(refusal).toContainText('wide.mp4 was not taken; nothing was sent.');
  await expect(refusal).toContainText('This clip is 2576 × 1456; video upscaling takes at most 2560 × 1440.');

  // Upscale with no clip taken sends nothing either, and says what to do.
  await panel.getByRole('button', { name: 'Upscale', exact: true }).click();
  await expect(panel.getByRole('alert', { name: 'Upscale message' })).toContainText('Choose a clip to upscale first');
  expect(upscaleSends(received)).toHaveLength(0);
});
