/**
 * The gallery benchmark: a library of 10,000 results opened in the real renderer (Chromium, bound to the Node
 * core as in the e2e specs). Prints figures; asserts nothing.
 *   - time from showing the Gallery to the first row of thumbnails decoded on screen (and the library's
 *     first load, index read once, at start);
 *   - memory: the page's JS heap and the DOM size with the grid showing, the Node core's RSS;
 *   - frame times while scrolling the grid from top to bottom (p50, p95, max) and the cards in the DOM.
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

const coreStart = performance.now();
const app = await launchChromium({ dataDir, headless: true });
const { page } = app;
console.log(`Core started (library index read once) and page loaded: ${(performance.now() - coreStart).toFixed(0)} ms`);
await page.waitForFunction(() => document.querySelector('nav[aria-label="Screens"]') !== null, undefined, { timeout: 180_000 });
console.log(`App shown: ${(performance.now() - coreStart).toFixed(0)} ms`);

// Time to first thumbnails: from the click on Gallery to every image of the first row decoded.
const firstThumbs = await page.evaluate(async () => {
  const t0 = performance.now();
  [...document.querySelectorAll<HTMLButtonElement>('nav[aria-label="Screens"] button')].find((b) => b.textContent?.includes('Gallery'))!.click();
  for (;;) {
    await new Promise((r) => requestAnimationFrame(r));
    const images = [...document.querySelectorAll<HTMLImageElement>('.gallery-row:first-child img')];
    if (images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0)) return { ms: performance.now() - t0, images: images.length };
    if (performance.now() - t0 > 20_000) return { ms: NaN, images: images.length };
  }
});
console.log(`Time to first thumbnails: ${firstThumbs.ms.toFixed(0)} ms (${firstThumbs.images} in the first row)`);

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

// Scroll end to end at a steady pace, one step per frame, recording every frame's duration.
const scroll = await page.evaluate(async () => {
  const scroller = document.querySelector<HTMLElement>('.gallery-scroll')!;
  const frames: number[] = [];
  let maxCards = 0;
  let last = performance.now();
  const step = Math.max(40, scroller.scrollHeight / 1500);
  while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
    scroller.scrollTop += step;
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    frames.push(now - last);
    last = now;
    maxCards = Math.max(maxCards, document.querySelectorAll('.gallery-card').length);
  }
  frames.sort((a, b) => a - b);
  // Inline (no named helper): the bundler would wrap a named function in a helper the page does not have.
  return {
    frames: frames.length,
    p50: frames[Math.floor(0.5 * frames.length)]!,
    p95: frames[Math.min(frames.length - 1, Math.floor(0.95 * frames.length))]!,
    max: frames.at(-1)!,
    height: scroller.scrollHeight,
    maxCards,
  };
});
console.log(
  `Scrolling ${scroll.height} px end to end in ${scroll.frames} frames: p50 ${scroll.p50.toFixed(1)} ms, p95 ${scroll.p95.toFixed(1)} ms, max ${scroll.max.toFixed(1)} ms; at most ${scroll.maxCards} cards in the DOM`,
);
const after = await memory();
console.log(`JS heap after scrolling: ${(after.heap / 2 ** 20).toFixed(1)} MiB`);

await app.close();
await rm(dataDir, { recursive: true, force: true });
