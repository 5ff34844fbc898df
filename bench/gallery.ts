/**
 * The gallery benchmark: a library of 10,000 results opened in the real renderer (Chromium, bound to the Node
 * core as in the e2e specs). Prints figures; asserts nothing.
 *   - start-up, timed in the page from the start of navigation (Playwright's own round trips left out): the
 *     screens shown, Gallery clicked at once, the 10,000 results listed, the first row of thumbnails decoded;
 *   - memory: the page's JS heap and the DOM size with the grid showing, the Node core's RSS;
 *   - frames while scrolling the grid, timed by the frames' own start times (so a frame that missed the screen's
 *     refresh shows as 33 ms, not as the scheduling noise of a timer): a fling end to end at about a row per
 *     frame, and a read at 1,200 px/s where every card's thumbnail loads; p50, p95, max and the frames that
 *     missed a refresh.
 *
 *   npm run build && npx tsx bench/gallery.ts [--results 10000]
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { launchChromium } from '../e2e/harness/launch';
import type { Sidecar } from '../src/main/core/library/sidecar';

const { values } = parseArgs({ options: { results: { type: 'string', default: '10000' } } });
const count = Number(values.results);
const dataDir = await mkdtemp(join(tmpdir(), 'gen-bench-gallery-'));
const library = join(dataDir, 'library');
await mkdir(join(library, '.thumbs'), { recursive: true });

// Ten pictures of different shapes and colours, reused: the grid's cost does not depend on their pixels.
const shapes: ReadonlyArray<readonly [number, number]> = [
  [1024, 768],
  [768, 1024],
  [1024, 1024],
  [1440, 720],
  [720, 1440],
];
const pictures = await Promise.all(
  Array.from({ length: 10 }, async (_, i) => {
    const [w, h] = shapes[i % shapes.length]!;
    const image = sharp({ create: { width: w, height: h, channels: 3 as const, background: { r: (i * 53) % 255, g: (i * 97) % 255, b: (i * 31) % 255 } } });
    const file = await image.clone().jpeg({ quality: 70 }).toBuffer();
    const thumb = await image.clone().resize(320, 320, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
    return { w, h, file, thumb };
  }),
);
const words = ['lighthouse', 'fox', 'sailor', 'lemons', 'city', 'rain', 'forest', 'harbour', 'portrait', 'dusk', 'snow', 'market'];
const started = Date.now();
const entries: Sidecar[] = [];
for (let i = 0; i < count; i++) {
  const p = pictures[i % pictures.length]!;
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const base = `2026-11-01_gen-dev_${id.replace(/-/g, '').slice(-8)}`;
  const at = started - i * 60_000;
  const sidecar: Sidecar = {
    version: 1,
    id,
    file: `${base}.jpg`,
    mime: 'image/jpeg',
    bytes: p.file.length,
    width: p.w,
    height: p.h,
    seconds: null,
    endpoint: { id: 'gen-dev', title: 'Dev', release: 'snapshot' },
    params: { prompt: `a ${words[i % words.length]} ${words[(i * 7) % words.length]} number ${i}`, width: p.w, height: p.h, seed: i },
    seed: i,
    inputs: [],
    cost: 1.5,
    settledCost: null,
    inputMp: 0,
    outputMp: 0.79,
    task: { id, remoteId: `remote-${i}` },
    connection: { label: 'Sandbox' },
    timings: { createdAt: at, submittedAt: at + 100, readyAt: at + 3100, savedAt: at + 3200 },
  };
  entries.push(sidecar);
  await writeFile(join(library, sidecar.file), p.file);
  await writeFile(join(library, `${base}.json`), JSON.stringify(sidecar));
  await writeFile(join(library, '.thumbs', `${id}.webp`), p.thumb);
}
await writeFile(join(library, '.index.json'), JSON.stringify({ version: 1, entries }));
console.log(`Library of ${count} results written in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// Runs in the page before the app: shows the Gallery as soon as the screens are there, and notes when each step
// of start-up lands. Plain script text, so the bundler adds no helpers the page lacks.
const startupScript = `(() => {
  const marks = {};
  window.__galleryStartup = marks;
  const tick = () => {
    if (!marks.shown) {
      const button = [...document.querySelectorAll('nav[aria-label="Screens"] button')].find((b) => b.textContent.includes('Gallery'));
      if (button) { marks.shown = performance.now(); button.click(); }
    } else if (!marks.listed) {
      if ((document.querySelector('.gallery-header')?.textContent ?? '').includes('${count.toLocaleString('en-US')} results')) marks.listed = performance.now();
    } else {
      const images = [...document.querySelectorAll('.gallery-row:first-child img')];
      if (images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0)) { marks.thumbs = performance.now(); marks.firstRow = images.length; return; }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

const app = await launchChromium({ dataDir, headless: true, initScript: startupScript });
const { page } = app;
const startup = await page.waitForFunction(
  () => {
    const marks = (window as unknown as { __galleryStartup?: Record<string, number> }).__galleryStartup;
    return marks?.thumbs ? marks : null;
  },
  undefined,
  { timeout: 180_000, polling: 100 },
);
const marks = (await startup.jsonValue()) as Record<string, number>;
console.log(
  `Start-up, from navigation: screens shown ${marks.shown!.toFixed(0)} ms; ${count} results listed ${marks.listed!.toFixed(0)} ms; first row of thumbnails (${marks.firstRow}) decoded ${marks.thumbs!.toFixed(0)} ms`,
);
console.log(`Time to first thumbnails after the Gallery was clicked: ${(marks.thumbs! - marks.shown!).toFixed(0)} ms`);

const memory = async () =>
  page.evaluate(() => ({
    heap: (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? NaN,
    nodes: document.getElementsByTagName('*').length,
    cards: document.querySelectorAll('.gallery-card').length,
  }));
const before = await memory();
console.log(
  `Memory with the grid showing: JS heap ${(before.heap / 2 ** 20).toFixed(1)} MiB, ${before.nodes} DOM elements, ${before.cards} cards in the DOM; Node core RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
);

/** Scrolls `frames` frames of `step` px from `from` (or end to end at a row a frame), timing each frame by its start. */
const scroll = (pass: { step: number | null; frames: number | null }) =>
  page.evaluate(async ({ step: fixed, frames: limit }) => {
    const scroller = document.querySelector<HTMLElement>('.gallery-scroll')!;
    scroller.scrollTop = 0;
    await new Promise<number>((r) => requestAnimationFrame(r));
    await new Promise<number>((r) => requestAnimationFrame(r));
    const step = fixed ?? Math.max(40, scroller.scrollHeight / 1500);
    const seen = new Set<HTMLImageElement>();
    const intervals: number[] = [];
    let maxCards = 0;
    let last = await new Promise<number>((r) => requestAnimationFrame(r));
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1 && (limit === null || intervals.length < limit)) {
      scroller.scrollTop += step;
      const now = await new Promise<number>((r) => requestAnimationFrame(r));
      intervals.push(now - last);
      last = now;
      maxCards = Math.max(maxCards, document.querySelectorAll('.gallery-card').length);
      for (const img of document.querySelectorAll<HTMLImageElement>('.gallery-card img')) if (img.complete && img.naturalWidth > 0) seen.add(img);
    }
    const sorted = [...intervals].sort((a, b) => a - b);
    // Inline (no named helper): the bundler would wrap a named function in a helper the page does not have.
    return {
      frames: sorted.length,
      px: step * sorted.length,
      p50: sorted[Math.floor(0.5 * sorted.length)]!,
      p95: sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!,
      max: sorted.at(-1)!,
      // A refresh is 16.7 ms at 60 Hz; a frame half as long again missed one.
      missed: intervals.filter((ms) => ms > 25).length,
      thumbnails: seen.size,
      maxCards,
    };
  }, pass);

const line = (name: string, r: Awaited<ReturnType<typeof scroll>>) =>
  console.log(
    `${name}: ${Math.round(r.px)} px in ${r.frames} frames: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; ${r.missed} frames (${((100 * r.missed) / r.frames).toFixed(1)}%) missed a refresh; ${r.thumbnails} thumbnails shown; at most ${r.maxCards} cards in the DOM`,
  );
line('Fling end to end (about a row a frame)', await scroll({ step: null, frames: null }));
line('Read at 1,200 px/s (20 px a frame)', await scroll({ step: 20, frames: 900 }));

const after = await memory();
console.log(`JS heap after scrolling: ${(after.heap / 2 ** 20).toFixed(1)} MiB`);

await app.close();
await rm(dataDir, { recursive: true, force: true });
