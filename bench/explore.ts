/**
 * The Explore benchmark: a 500-cell prompt matrix (250 readings of a prompt × 2 models) on the instant Sandbox,
 * in the real renderer (Chromium bound to the Node core, as in the e2e specs). Prints figures; asserts nothing.
 *   - planning and pricing: `planMatrix` in Node and in the page, and the page's `explore.quote` round trip
 *     (main plans again, prices each cell, checks the caps);
 *   - frames while the sheet fills, timed by the frames' own start times from Generate to the sheet complete:
 *     p50, p95, max and the frames that missed a 60 Hz refresh (longer than 25 ms);
 *   - the time from the last cell's Ready (its task seen downloading) to the sheet showing every cell made;
 *   - memory with the full sheet showing: the page's JS heap, the DOM size, the Node core's RSS.
 *
 *   npm run build && npx tsx bench/explore.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planMatrix, type MatrixSpec } from '../src/shared/explore/matrix';
import { launchChromium } from '../e2e/harness/launch';

const SPEC: MatrixSpec = {
  prompt: 'a {red|blue|green|grey|gold} {fox|owl|hare|deer|lynx} in {snow|fog|rain|dusk|moss|sand|reeds|ice|mist|heather}',
  models: ['gen-dev', 'gen-2-klein-4b'],
  seeds: 1,
  firstSeed: 11,
  size: { width: 512, height: 512 },
  sweep: null,
};


const runs = 21;
const planTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  planMatrix(SPEC);
  planTimes.push(performance.now() - start);
}
const planned = planMatrix(SPEC);
if (!planned.ok) throw new Error(planned.problem);
const firstPlan = planTimes[0]!;
planTimes.sort((a, b) => a - b);
console.log(`Plan in Node: ${planned.plan.cells.length} cells, first ${firstPlan.toFixed(1)} ms, median ${planTimes[10]!.toFixed(2)} ms, max ${planTimes[20]!.toFixed(1)} ms (${runs} runs)`);

const dataDir = await mkdtemp(join(tmpdir(), 'gen-bench-explore-'));
const app = await launchChromium({ dataDir, deps: { sandboxOptions: { timing: 'instant' } } });
const page = app.page;
try {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.getByRole('navigation').getByRole('button', { name: 'Explore' }).click();
  // tsx names inner functions with a helper the page does not have.
  await page.evaluate('window.__name = (f) => f');
  const core = app.harness!.core;
  const inMain: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    await core.handlers['explore.quote']({ spec: SPEC });
    inMain.push(performance.now() - start);
  }
  inMain.sort((a, b) => a - b);
  console.log(`Plan and price in main (explore.quote handler): median ${inMain[5]!.toFixed(1)} ms, max ${inMain[9]!.toFixed(1)} ms (10 runs)`);
  const priced = await page.evaluate(async (spec) => {
    const times: number[] = [];
    let cells = 0;
    for (let i = 0; i < 10; i++) {
      const start = performance.now();
      const r = await window.gen.explore.quote({ spec });
      times.push(performance.now() - start);
      if (r.ok) cells = r.value.prices.length;
    }
    times.sort((a, b) => a - b);
    return { cells, median: times[5]!, max: times[9]! };
  }, SPEC);
  console.log(`Plan and price from the page (explore.quote round trip, IPC and schemas included): ${priced.cells} cells, median ${priced.median.toFixed(1)} ms, max ${priced.max.toFixed(1)} ms (10 runs)`);

  // The form, as an artist fills it: the plan shows with its prices.
  const form = page.getByRole('form', { name: 'Matrix' });
  const typed = performance.now();
  await form.getByLabel('Prompt').fill(SPEC.prompt);
  await form.getByRole('checkbox', { name: 'Gen 2 Klein 4B', exact: true }).check();
  await form.getByRole('combobox', { name: 'Size' }).selectOption({ index: 1 });
  await form.getByRole('status', { name: 'Matrix size and price' }).filter({ hasText: '250 × 2 = 500 pictures' }).waitFor();
  console.log(`Prompt typed to the 500-cell plan shown: ${(performance.now() - typed).toFixed(0)} ms (includes the form's 150 ms typing pause and Playwright's round trips)`);

  const run = await page.evaluate(async () => {
    const intervals: number[] = [];
    let recording = true;
    let last = await new Promise<number>((r) => requestAnimationFrame(r));
    const tick = (now: number) => {
      intervals.push(now - last);
      last = now;
      if (recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    let lastReady = 0;
    const off = window.gen.tasks.onUpdated((t) => {
      if (t.state === 'downloading') lastReady = performance.now();
    });
    const status = () => document.querySelector('[aria-label="Progress"]')?.textContent ?? '';
    const started = performance.now();
    (document.querySelector('form[aria-label="Matrix"] button[type="submit"]') as HTMLButtonElement).click();
    const complete = await new Promise<number>((resolve) => {
      const check = () => {
        if (status().startsWith('Finished: 500 of 500')) resolve(performance.now());
        else setTimeout(check, 5);
      };
      check();
    });
    recording = false;
    off();
    const sorted = [...intervals].sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
    return {
      seconds: (complete - started) / 1000,
      lastReadyToComplete: complete - lastReady,
      frames: sorted.length,
      p50: q(0.5),
      p95: q(0.95),
      max: sorted[sorted.length - 1]!,
      missed: intervals.filter((ms) => ms > 25).length,
      thumbs: document.querySelectorAll('[aria-label="Contact sheet"] img').length,
      nodes: document.getElementsByTagName('*').length,
      heap: (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? NaN,
    };
  });
  console.log(`500 cells made in ${run.seconds.toFixed(1)} s on the instant Sandbox (8 tasks at once per key)`);
  console.log(
    `Frames while the sheet filled: ${run.frames} frames, p50 ${run.p50.toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms, max ${run.max.toFixed(1)} ms; ${run.missed} (${((100 * run.missed) / run.frames).toFixed(1)}%) missed a refresh`,
  );
  console.log(`Last Ready to the sheet complete: ${run.lastReadyToComplete.toFixed(0)} ms`);
  console.log(`Memory with the full sheet: JS heap ${(run.heap / 2 ** 20).toFixed(1)} MiB, ${run.nodes} DOM elements, ${run.thumbs} thumbnails; Node core RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
