/**
 * The canvas benchmark, in Chromium, on a 4096 x 4096 picture. Prints figures; asserts nothing.
 *   - p95 time to handle one brush pointer event including the redraw, beside a minimal plain-canvas brush
 *     painting the same strokes in the same run (the ratio is the figure);
 *   - the time to export the painted mask as a PNG, beside canvas.toBlob of a canvas holding the same mask, and
 *     the longest the main thread went without a turn during each;
 *   - the JS heap after every 100 of 500 strokes with undo history (flat once the history cap is reached).
 *
 *   npx tsx bench/canvas/run.ts              (add --no-heap to skip the memory run)
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/harness/runner';
import { serveBuiltPage } from '../staticPage';

const here = import.meta.dirname;
const outDir = resolve(here, '../../out/bench-canvas');
await build({ root: here, logLevel: 'warn', build: { outDir, emptyOutDir: true }, base: './' });

const server = await serveBuiltPage(outDir);

const executablePath = chromiumExecutable();
if (!executablePath) throw new Error('No Chromium found: apt-get install chromium');
const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
await page.goto(server.url);
await page.waitForFunction(() => 'bench' in window);

type Stroke = [number, number][];
/** Deterministic strokes across the picture: wavy lines of 40 points each. */
function strokes(count: number, seed: number): Stroke[] {
  let s = seed;
  const random = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: count }, () => {
    const x0 = 200 + random() * 3400;
    const y0 = 200 + random() * 3400;
    return Array.from({ length: 40 }, (_, i) => [x0 + i * 12, y0 + Math.sin(i / 4) * 80] as [number, number]);
  });
}

type Stats = { p50: number; p95: number; max: number; n: number };
const brush = await page.evaluate((s) => (window as unknown as { bench: { brush(s: Stroke[]): Promise<{ app: Stats; plain: Stats }> } }).bench.brush(s), strokes(30, 7));
type Timed = { ms: number; pause: number };
const exports: { app: Timed; plain: Timed & { fill: number } }[] = [];
for (let i = 0; i < 3; i++) exports.push(await page.evaluate(() => (window as unknown as { bench: { exportMask(): Promise<{ app: Timed; plain: Timed & { fill: number } }> } }).bench.exportMask()));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Memory = { heap: number; history: number; entries: number };
const heaps: Memory[] = [];
// --no-heap skips the 500-stroke memory run (the slowest part) on a busy machine.
for (let k = 0; k < (process.argv.includes('--no-heap') ? 0 : 5); k++) {
  heaps.push(await page.evaluate((s) => (window as unknown as { bench: { strokesAndHeap(s: Stroke[]): Promise<Memory> } }).bench.strokesAndHeap(s), strokes(100, 100 + k)));
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
console.log('Canvas benchmark: 4096 x 4096 picture, Chromium %s, fitted view 1200 x 800', browser.version());
console.log(`brush pointer event incl. redraw   app p50 ${ms(brush.app.p50)} p95 ${ms(brush.app.p95)} max ${ms(brush.app.max)} (${brush.app.n} events)`);
console.log(`                                   plain p50 ${ms(brush.plain.p50)} p95 ${ms(brush.plain.p95)} max ${ms(brush.plain.max)}`);
console.log(`                                   p95 ratio app/plain ${(brush.app.p95 / brush.plain.p95).toFixed(2)}x`);
const appMs = median(exports.map((e) => e.app.ms));
const plainMs = median(exports.map((e) => e.plain.ms));
console.log(`mask PNG export, the same painted mask both ways (median of 3):`);
console.log(`                                   app ${ms(appMs)} (longest main-thread pause ${ms(median(exports.map((e) => e.app.pause)))})`);
console.log(`                                   plain canvas.toBlob ${ms(plainMs)} (longest pause ${ms(median(exports.map((e) => e.plain.pause)))}; filling its canvas from the mask took ${ms(median(exports.map((e) => e.plain.fill)))} more)`);
console.log(`                                   export ratio app/toBlob ${(appMs / plainMs).toFixed(2)}x`);
console.log(`JS heap after 100/200/300/400/500 strokes (MB): ${heaps.map((h) => (h.heap / 1e6).toFixed(0)).join(' / ')}`);
console.log(`undo history kept (MB, steps):    ${heaps.map((h) => `${(h.history / 1e6).toFixed(0)} (${h.entries})`).join(' / ')}  (cap ${(96 * 1024 * 1024 / 1e6).toFixed(0)} MB; the 16.8 MB mask buffer is apart)`);
await browser.close();
server.close();
