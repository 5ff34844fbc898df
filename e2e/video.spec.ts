import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { chargeOf } from '../src/shared/library/charge';
import { Library } from '../src/main/core/library/library';
import { silentLogger } from '../src/main/core/log';
import { MediaRegistry } from '../src/main/core/media';
import { NoticeBoard } from '../src/main/core/notices/noticeBoard';
import { downloaded } from '../src/main/core/testing/downloaded';
import { encodeMp4 } from '../src/main/sandbox/video/encodeMp4';
import { openCanvas, png } from './canvasDriver';
import { dropOn, type DropFile } from './dropFiles';
import { launchChromium, type LaunchedApp } from './harness/launch';
import { sandboxPace } from './harness/pace';
import { chooseRunner } from './harness/runner';
import { decoded, type Received } from './studioFixture';

/**
 * Video journeys against the Sandbox, reading the very requests it received (the Chromium runner hosts the
 * core, so its fetch can be recorded). `restart` reopens the app on the same data, as a user would.
 */
const test = base.extend<{ studio: { page: Page; dataDir: string; received: Received[]; charged: Map<string, number>; restart(meanwhile?: () => Promise<void>): Promise<Page> } }>({
  studio: async ({}, use, info) => {
    info.skip(chooseRunner() !== 'chromium', 'reads the requests through the Node core, which the Chromium runner hosts');
    const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-e2e-video-'));
    const received: Received[] = [];
    const charged = new Map<string, number>();
    const recording: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if ((init?.method ?? 'GET') === 'POST' && url.pathname.startsWith('/v1/') && typeof init?.body === 'string') {
        received.push({ path: url.pathname, body: JSON.parse(init.body) as Record<string, unknown> });
      }
      const answer = await fetch(input, init);
      // What the Sandbox settled each clip at: the cost on its final polling answer, in the order clips are ready.
      const id = url.searchParams.get('id');
      if ((init?.method ?? 'GET') === 'GET' && id && answer.ok) {
        const body = (await answer.clone().json().catch(() => null)) as { status?: string; cost?: number } | null;
        if (body?.status === 'Ready' && typeof body.cost === 'number') charged.set(id, body.cost);
      }
      return answer;
    };
    const launch = () => launchChromium({ dataDir, deps: { fetch: recording, sandboxOptions: sandboxPace('brisk') } });
    let app: LaunchedApp = await launch();
    await use({
      get page() {
        return app.page;
      },
      dataDir,
      received,
      charged,
      restart: async (meanwhile) => {
        await app.close();
        await meanwhile?.();
        app = await launch();
        return app.page;
      },
    });
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});
const expect = test.expect;

const image = async (name: string, colour: string): Promise<DropFile> => ({ name, type: 'image/png', bytes: await png(160, 90, colour) });

const panel = (page: Page) => page.getByRole('region', { name: 'Generate' });
const timeline = (page: Page) => page.getByRole('region', { name: 'Keyframe timeline' });
const track = (page: Page) => timeline(page).getByRole('group', { name: /^Timeline, / });
const keyframes = (page: Page) => timeline(page).getByRole('button', { name: /^Keyframe at / });
const framesOnTimeline = async (page: Page) => (await keyframes(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-frame'))))) as number[];
const at = (received: Received[], path: string) => received.filter((r) => r.path === `/v1/${path}`);

async function openVideo(page: Page, seconds: number): Promise<void> {
  await openCanvas(page);
  await panel(page).getByRole('radio', { name: 'Video', exact: true }).click();
  await expect(panel(page)).toHaveAttribute('data-endpoint', 'gen-3-video');
  const length = panel(page).getByLabel('Length in seconds');
  await length.fill(String(seconds));
  await length.press('Enter');
  await expect(timeline(page)).toContainText(`${seconds} s · ${seconds * 24} frames at 24 fps`);
}

/** The frame a received keyframe's image shows, as its colour. */
const colourOf = async (frame: { image: unknown }) => (await decoded(frame.image, [80, 45])).pixel.slice(0, 3);

test('three keyframes dropped, one dragged and one nudged a frame: the Sandbox receives them at their times, in order', async ({ studio }) => {
  const { page, received } = studio;
  await openVideo(page, 5);
  await expect(track(page)).toContainText('Drop images here');
  await dropOn(page, timeline(page).getByRole('group', { name: 'First frame slot' }), [await image('red.png', '#ff0000')]);
  await dropOn(page, track(page), [await image('green.png', '#00ff00')], 0.5);
  await dropOn(page, timeline(page).getByRole('group', { name: 'Last frame slot' }), [await image('blue.png', '#0000ff')]);
  await expect(keyframes(page)).toHaveCount(3);
  await expect(timeline(page).getByLabel('Keyframe count')).toHaveText('3 of 10');
  const [first, middle, last] = await framesOnTimeline(page);
  expect(first).toBe(0);
  expect(last).toBe(119);
  expect(Math.abs(middle! - 60)).toBeLessThanOrEqual(3);

  // Drag the middle keyframe about a second earlier: it snaps to a whole frame.
  const green = keyframes(page).nth(1);
  const from = (await green.boundingBox())!;
  const lane = (await track(page).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(lane.x + lane.width * 0.3, from.y + from.height / 2, { steps: 8 });
  await page.mouse.up();
  const moved = (await framesOnTimeline(page))[1]!;
  expect(moved).toBeLessThan(middle! - 10);
  expect(Number.isInteger(moved)).toBe(true);
  await expect(page.getByRole('figure', { name: 'Selected keyframe on the canvas' })).toContainText(`green.png · ${(moved / 24).toFixed(2)} s · frame ${moved}`);

  // Nudge it one frame later with the arrow key; Shift+arrow moves a second, and undo takes a step back.
  await keyframes(page).nth(1).focus();
  await page.keyboard.press('ArrowRight');
  await expect(keyframes(page).nth(1)).toHaveAttribute('data-frame', String(moved + 1));
  await page.keyboard.press('Shift+ArrowRight');
  await expect(keyframes(page).nth(1)).toHaveAttribute('data-frame', String(moved + 25));
  await page.keyboard.press('Control+z');
  await expect(keyframes(page).nth(1)).toHaveAttribute('data-frame', String(moved + 1));

  await panel(page).getByRole('textbox', { name: /^Prompt/ }).fill('a kite over the sea');
  // The readout counts what goes in: the three keyframes.
  await expect(panel(page).getByLabel('Megapixels')).toContainText(/^In 3 keyframes \(/);
  await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect.poll(() => at(received, 'gen-3-video').length, { timeout: 30_000 }).toBe(1);
  const body = at(received, 'gen-3-video')[0]!.body;
  expect(body).toMatchObject({ mode: 'i2v', duration: 5, prompt: 'a kite over the sea' });
  const sent = body.keyframes as { image: string; time: number }[];
  expect(sent.map((k) => k.time)).toEqual([0, (moved + 1) / 24, 119 / 24]);
  expect(await Promise.all(sent.map(colourOf))).toEqual([[255, 0, 0], [0, 255, 0], [0, 0, 255]]);
  // Nothing of the service's vocabulary in the main flow.
  const text = await panel(page).evaluate((el) => (el as HTMLElement).innerText);
  expect(text).not.toMatch(/\bt2v\b|\bi2v\b|\bv2v\b|draft_enhance|inferred|\/v1\//);
});

test('a draft renders at hd; Make final asks for a larger size with its price, and sends draft enhance at it with its keyframes, prompt and seed', async ({ studio }) => {
  const { page, received, charged } = studio;
  await openVideo(page, 2);
  await dropOn(page, timeline(page).getByRole('group', { name: 'First frame slot' }), [await image('red.png', '#ff0000')]);
  await panel(page).getByRole('textbox', { name: /^Prompt/ }).fill('a red door opens');
  // The panel left at the draft size, as the audit did: Make final must still not make a "final" at it.
  await panel(page).getByRole('radio', { name: /^Draft / }).check();
  await expect(panel(page).getByLabel('Frame size note')).toContainText('All sizes are 16:9');
  await expect(panel(page)).toContainText('The sound is generated with the frames.');
  await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect.poll(() => at(received, 'gen-3-video').length, { timeout: 30_000 }).toBe(1);
  const draft = at(received, 'gen-3-video')[0]!.body;
  expect(draft).toMatchObject({ mode: 'i2v', resolution: 'hd', prompt: 'a red door opens', duration: 2 });

  const strip = page.getByRole('region', { name: 'Results strip' });
  await expect(strip.getByRole('option').first()).toHaveAttribute('aria-label', /Ready/, { timeout: 60_000 });
  await expect.poll(() => charged.size, { timeout: 30_000 }).toBe(1);
  const draftCharge = [...charged.values()][0]!;
  await strip.getByRole('option').first().click();
  await expect(strip.getByLabel('Draft video')).toBeVisible();
  await strip.getByRole('button', { name: 'Make final…' }).click();
  // The sizes above the draft's, in words, each with its price; the smallest of them chosen; nothing sent yet.
  const sizes = strip.getByRole('radiogroup', { name: 'Final size' });
  await expect(sizes.getByRole('radio')).toHaveCount(3);
  await expect(sizes.getByRole('radio', { name: /^Full HD \(1920 × 1088\), ≈ [\d.]+ credits$/ })).toBeChecked();
  await expect(sizes.getByRole('radio', { name: /^1440p \(2560 × 1440\), ≈/ })).toBeVisible();
  await expect(sizes.getByRole('radio', { name: /^4K \(3840 × 2176\), ≈/ })).toBeVisible();
  const price = strip.getByLabel('Final price');
  await expect(price).toHaveText(/^≈ [\d.]+ credits/);
  const shown = Number(/≈ ([\d.]+) credits/.exec((await price.textContent())!)![1]);
  const text = await strip.getByRole('group', { name: 'Make final' }).evaluate((el) => (el as HTMLElement).innerText);
  expect(text).not.toMatch(/\b(hd|fhd|qhd|uhd)\b|draft_enhance/);
  await page.screenshot({ path: 'out/make-final-choice.png' });
  expect(at(received, 'gen-3-video')).toHaveLength(1);
  // In a 1280×720 window, with the timeline and Make final open, the canvas keeps room (it used to be squeezed to
  // nothing, its keyframe's label drawn over the tool bar) and the status bar stays in the window.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect.poll(async () => (await page.locator('.canvas-stage').boundingBox())!.height).toBeGreaterThanOrEqual(150);
  const status = (await page.locator('.canvas-status').boundingBox())!;
  expect(status.y + status.height).toBeLessThanOrEqual(720);

  await strip.getByRole('button', { name: 'Make final at Full HD' }).click();
  await expect.poll(() => at(received, 'gen-3-video').length, { timeout: 30_000 }).toBe(2);
  const final = at(received, 'gen-3-video')[1]!.body;
  expect(final).toMatchObject({ mode: 'draft_enhance', resolution: 'fhd', prompt: 'a red door opens', seed: draft.seed, duration: 2 });
  expect(String(final.video)).toMatch(/^data:video\/mp4;base64,|^[A-Za-z0-9+/]/);
  expect((final.keyframes as { time: number }[]).map((k) => k.time)).toEqual([0]);
  // What the Sandbox charged for the final is the price shown before it was sent, and more than the draft's.
  await expect.poll(() => charged.size, { timeout: 60_000 }).toBe(2);
  const finalCharge = [...charged.values()][1]!;
  expect(finalCharge).toBeCloseTo(shown, 1);
  expect(finalCharge).toBeGreaterThan(draftCharge);
});

test('continue a previous result: the clip is sent as the video to continue', async ({ studio }) => {
  const { page, received } = studio;
  await openVideo(page, 2);
  await panel(page).getByRole('radio', { name: 'From text' }).click();
  await panel(page).getByRole('textbox', { name: /^Prompt/ }).fill('waves');
  await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect.poll(() => at(received, 'gen-3-video').length, { timeout: 30_000 }).toBe(1);
  expect(at(received, 'gen-3-video')[0]!.body.keyframes).toBeUndefined();
  const strip = page.getByRole('region', { name: 'Results strip' });
  await expect(strip.getByRole('option').first()).toHaveAttribute('aria-label', /Ready/, { timeout: 60_000 });
  await strip.getByRole('option').first().click();
  await strip.getByRole('button', { name: 'Continue this video' }).click();
  await expect(panel(page).getByRole('radio', { name: 'Continue a video' })).toHaveAttribute('aria-checked', 'true');
  await expect(panel(page).getByLabel('Source video')).toContainText('2.0 s');
  await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect.poll(() => at(received, 'gen-3-video').length, { timeout: 30_000 }).toBe(2);
  const body = at(received, 'gen-3-video')[1]!.body;
  expect(body).toMatchObject({ mode: 'v2v', duration: 2 });
  expect(typeof body.video).toBe('string');
});

test('the timeline is as it was after the app is reopened', async ({ studio }) => {
  let page = studio.page;
  await openVideo(page, 4);
  await dropOn(page, track(page), [await image('a.png', '#ff0000'), await image('b.png', '#00ff00')], 0.25);
  await dropOn(page, timeline(page).getByRole('group', { name: 'Last frame slot' }), [await image('c.png', '#0000ff')]);
  await expect(keyframes(page)).toHaveCount(3);
  const before = await keyframes(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  page = await studio.restart();
  await openCanvas(page);
  await expect(timeline(page)).toBeVisible();
  await expect(keyframes(page)).toHaveCount(3);
  expect(await keyframes(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(before);
  await expect(timeline(page)).toContainText('4 s · 96 frames');
});

test('an 11th keyframe is refused with a clear message as it is dropped, keeping the ten, and nothing is sent', async ({ studio }) => {
  const { page, received } = studio;
  await openVideo(page, 10);
  const ten = await Promise.all(Array.from({ length: 10 }, (_, i) => image(`k${i}.png`, `#${(i * 25).toString(16).padStart(2, '0')}8040`)));
  await dropOn(page, track(page), ten, 0);
  await expect(keyframes(page)).toHaveCount(10);
  await dropOn(page, track(page), [await image('eleventh.png', '#ffffff')], 0.9);
  await expect(page.getByRole('alert')).toContainText('A clip takes at most 10 keyframes');
  await expect(page.getByRole('alert')).toContainText('Not pinned: eleventh.png.');
  await expect(keyframes(page)).toHaveCount(10);
  expect(received).toHaveLength(0);
});

test('a continuation source longer than 15 s is refused before anything is stored or sent', async ({ studio }) => {
  const { page, received } = studio;
  await openVideo(page, 5);
  await panel(page).getByRole('radio', { name: 'Continue a video' }).click();
  const long = Buffer.from(await encodeMp4({ width: 64, height: 36, fps: 24, seconds: 16, background: [20, 40, 80] }));
  await panel(page).getByLabel('Choose a video file').setInputFiles({ name: 'long.mp4', mimeType: 'video/mp4', buffer: long });
  await expect(panel(page).getByRole('alert')).toContainText('long.mp4 is 16.0 s long');
  await expect(panel(page).getByLabel('Source video')).toHaveText('None chosen yet.');
  const short = Buffer.from(await encodeMp4({ width: 64, height: 36, fps: 24, seconds: 3, background: [20, 40, 80] }));
  await panel(page).getByLabel('Choose a video file').setInputFiles({ name: 'short.mp4', mimeType: 'video/mp4', buffer: short });
  await expect(panel(page).getByLabel('Source video')).toContainText('short.mp4 · 3.0 s');
  expect(received).toHaveLength(0);
});

test('pictures pinned from inside the app: a result dragged from the strip, a gallery picture clicked on the shelf', async ({ studio }) => {
  const { page, received } = studio;
  await openCanvas(page);
  await panel(page).getByRole('radio', { name: 'Create', exact: true }).click();
  await panel(page).getByRole('textbox', { name: /^Prompt/ }).fill('a lighthouse');
  await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
  const strip = page.getByRole('region', { name: 'Results strip' });
  await expect(strip.getByRole('option').first()).toHaveAttribute('aria-label', /Ready/, { timeout: 60_000 });

  await panel(page).getByRole('radio', { name: 'Video', exact: true }).click();
  // The strip's tile is an in-app drag carrying the result id; the timeline stores the result as a picture.
  await strip.getByRole('option').first().dragTo(track(page), { targetPosition: { x: 200, y: 30 } });
  await expect(keyframes(page)).toHaveCount(1);
  const [frame] = await framesOnTimeline(page);
  expect(frame).toBeGreaterThan(0);
  // The same picture from the gallery, on the shelf: one click pins it in the empty first frame slot.
  await timeline(page).getByRole('button', { name: /from the gallery$/ }).first().click();
  await expect(keyframes(page)).toHaveCount(2);
  expect((await framesOnTimeline(page))[0]).toBe(0);
  await expect(timeline(page).getByRole('button', { name: /^First frame: / })).toBeVisible();
});

/** Files `count` pictures in the closed app's library, each saved after the one before, all after `after`. */
async function fileNewerPictures(dataDir: string, count: number, after: number): Promise<void> {
  let at = after;
  const library = await Library.open({ dataDir, media: new MediaRegistry('gen-media://m/'), notices: new NoticeBoard({ now: () => at }), log: silentLogger, now: () => ++at });
  const bytes = await png(160, 90, '#c08040');
  for (let i = 0; i < count; i++) {
    await library.save({
      id: randomUUID(),
      file: await downloaded(join(dataDir, 'downloads'), bytes),
      endpointId: 'gen-dev',
      params: { prompt: `a harbour at dusk ${i}`, width: 160, height: 90, seed: i },
      inputs: [],
      seed: i,
      ...chargeOf(null, null),
      remoteTaskId: null,
      connectionLabel: 'Sandbox',
      createdAt: at,
      submittedAt: at,
      readyAt: at,
      projectId: null,
      group: null,
    });
  }
}

// Issue 31, point 2: the panels read the 120 newest results, and said "No video results yet" while the gallery
// held 6 clips. They ask the library for clips, and the shelf for pictures, a page at a time.
test('a clip older than 121 newer pictures is still offered to continue and to enhance; the shelf shows more pictures when asked', async ({ studio }) => {
  test.setTimeout(180_000);
  const { received } = studio;
  let page = studio.page;
  await openVideo(page, 2);
  await panel(page).getByRole('radio', { name: 'From text' }).click();
  await panel(page).getByRole('textbox', { name: /^Prompt/ }).fill('waves');
  await panel(page).getByRole('radio', { name: /^Draft / }).check();
  await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect.poll(() => at(received, 'gen-3-video').length, { timeout: 30_000 }).toBe(1);
  const strip = page.getByRole('region', { name: 'Results strip' });
  await expect(strip.getByRole('option').first()).toHaveAttribute('aria-label', /Ready/, { timeout: 60_000 });

  page = await studio.restart(() => fileNewerPictures(studio.dataDir, 121, Date.now()));
  await openCanvas(page);
  await panel(page).getByRole('radio', { name: 'Video', exact: true }).click();
  for (const mode of ['Continue a video', 'Enhance a draft']) {
    await panel(page).getByRole('radio', { name: mode }).click();
    const previous = panel(page).getByRole('combobox', { name: 'A previous result' });
    await expect(previous.getByRole('option')).toHaveText(['A previous result…', 'waves · 2.0 s']);
  }
  await panel(page).getByRole('combobox', { name: 'A previous result' }).selectOption({ label: 'waves · 2.0 s' });
  await expect(panel(page).getByLabel('Source video')).toContainText('2.0 s');
  await page.screenshot({ path: test.info().outputPath('video-panel-older-clip.png') });

  // The shelf: the newest pictures, and more of them when asked.
  const shelf = timeline(page).getByRole('list', { name: 'Pictures to pin' });
  const fromGallery = shelf.getByRole('button', { name: /from the gallery$/ });
  await expect(fromGallery).toHaveCount(12);
  await shelf.getByRole('button', { name: 'More pictures' }).click();
  await expect(fromGallery).toHaveCount(24);
  await page.screenshot({ path: test.info().outputPath('video-shelf-more.png') });
});
