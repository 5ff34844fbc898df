/**
 * The gallery benchmark: a library of 10,000 results (or `--count`) opened in the real renderer (Chromium, bound to
 * the Node core as in the e2e specs). Prints figures; asserts nothing.
 *   - start-up, timed in the page from the start of navigation (Playwright's own round trips left out): the
 *     screens shown, Gallery clicked at once, the 10,000 results listed, the first row of thumbnails decoded;
 *   - memory: the page's JS heap and the DOM size with the grid showing, the Node core's RSS;
 *   - search over every prompt, run in main: the core's time for a query it has not seen, and the page's round trip;
 *   - counting finished results with the gallery open: real Generates (one result, and four variations) through
 *     the engine and the built-in Sandbox, and the longest the core's event loop was held from each submit until a
 *     second after it was done (the harness's Playwright calls run in the same process, and are in that figure);
 *   - filing a new result into the library of that size (after the page closes, a library opened on the same
 *     folder): the look the download step makes first, then the save; its time, the index's share of it, its CPU
 *     and the longest the event loop was held meanwhile (the app's own figure, with no harness in the process);
 *   - frames while scrolling the grid, timed by the frames' own start times (so a frame that missed the screen's
 *     refresh shows as 33 ms, not as the scheduling noise of a timer): a fling end to end at about a row per
 *     frame, and a read at 1,200 px/s where every card's thumbnail loads; p50, p95, max and the frames that
 *     missed a refresh.
 *
 *   npm run build && npx tsx bench/gallery.ts [--count 10000] [--profile core.cpuprofile] [--page-profile page.cpuprofile]
 */
import { appendFile, link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { launchChromium } from '../e2e/harness/launch';
import type { Sidecar } from '../src/main/core/library/sidecar';
import { INDEX_LOG } from '../src/main/core/library/indexLog';
import { Library } from '../src/main/core/library/library';
import { silentLogger } from '../src/main/core/log';
import { MediaRegistry } from '../src/main/core/media';
import { NoticeBoard } from '../src/main/core/notices/noticeBoard';
import { onPhase } from '../src/main/core/perf/phases';
import { downloaded } from '../src/main/core/testing/downloaded';
import { eventChannel } from '../src/shared/ipc/define';

// `--results` is the option's earlier name.
// tsx turns on source maps, which made each stack Playwright captures for its calls (one a core event, through the
// harness) cost up to 60 ms on the core's event loop in a profile: the app in Electron has neither.
process.setSourceMapsEnabled(false);
const { values } = parseArgs({ options: { count: { type: 'string' }, results: { type: 'string' }, profile: { type: 'string' }, 'page-profile': { type: 'string' } } });
const count = Number(values.count ?? values.results ?? '10000');
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
    // Written once and linked into the library: 100,000 copies would cost gigabytes and prove nothing more.
    const source = join(dataDir, `picture-${i}`);
    await writeFile(`${source}.jpg`, file);
    await writeFile(`${source}.webp`, thumb);
    return { w, h, file, thumb, source };
  }),
);
const words = ['lighthouse', 'fox', 'sailor', 'lemons', 'city', 'rain', 'forest', 'harbour', 'portrait', 'dusk', 'snow', 'market'];
const started = Date.now();
let lines: string[] = [];
const writes: Array<Promise<void>> = [];
for (let i = 0; i < count; i++) {
  const p = pictures[i % pictures.length]!;
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const base = `2026-11-01_gen-dev_${id.replace(/-/g, '').slice(-8)}`;
  const at = started - i * 60_000;
  const sidecar: Sidecar = {
    version: 2,
    id,
    fileName: `${base}.jpg`,
    mime: 'image/jpeg',
    bytes: p.file.length,
    width: p.w,
    height: p.h,
    seconds: null,
    endpointId: 'gen-dev',
    endpointTitle: 'Dev',
    release: 'snapshot',
    params: { prompt: `a ${words[i % words.length]} ${words[(i * 7) % words.length]} number ${i}`, width: p.w, height: p.h, seed: i },
    seed: i,
    inputs: [],
    cost: 1.5,
    settledCost: null,
    inputMp: 0,
    outputMp: 0.79,
    remoteTaskId: `remote-${i}`,
    connectionLabel: 'Sandbox',
    createdAt: at,
    submittedAt: at + 100,
    readyAt: at + 3100,
    savedAt: at + 3200,
    projectId: null,
    group: null,
  };
  lines.push(JSON.stringify({ put: sidecar }));
  writes.push(link(`${p.source}.jpg`, join(library, sidecar.fileName)), writeFile(join(library, `${base}.json`), JSON.stringify(sidecar)), link(`${p.source}.webp`, join(library, '.thumbs', `${id}.webp`)));
  if (writes.length >= 600) {
    await Promise.all(writes.splice(0));
    await appendFile(join(library, INDEX_LOG), `${lines.join('\n')}\n`);
    lines = [];
  }
}
await Promise.all(writes);
if (lines.length > 0) await appendFile(join(library, INDEX_LOG), `${lines.join('\n')}\n`);
console.log(`Library of ${count} results written in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// Runs in the page before the app: shows the Gallery as soon as the screens are there, and notes when each step
// of start-up lands. Plain script text, so the bundler adds no helpers the page lacks.
const startupScript = `(() => {
  const marks = {};
  window.__galleryStartup = marks;
  const tick = () => {
    if (!marks.shown) {
      const button = [...document.querySelectorAll('nav[aria-label="Screens"] button')].find((b) => b.textContent.includes('Gallery'));
      if (button) { marks.shown = performance.now(); window.__benchMark?.('click'); button.click(); }
    } else if (!marks.listed) {
      if ((document.querySelector('.gallery-header')?.textContent ?? '').includes('${count.toLocaleString('en-US')} results')) marks.listed = performance.now();
    } else {
      const images = [...document.querySelectorAll('.gallery-row:first-child img')];
      if (images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0)) {
        marks.thumbs = performance.now();
        marks.firstRow = images.length;
        window.__benchMark?.('thumbs');
        // When the first row's thumbnails were asked for and answered, after the click.
        const asked = performance.getEntriesByType('resource').filter((e) => e.name.includes('/gen-media/')).slice(0, images.length);
        marks.thumbAsked = Math.max(...asked.map((e) => e.startTime)) - marks.shown;
        marks.thumbAnswered = Math.max(...asked.map((e) => e.responseEnd)) - marks.shown;
        return;
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** The core's calls while it starts, and its CPU between the click and the first thumbnails, as the core heard of them. */
const calls: Array<{ name: string; start: number; end: number }> = [];
const probes: Record<string, { at: number; cpu: NodeJS.CpuUsage }> = {};
let sawThumbs = () => {};
const thumbsSeen = new Promise<void>((resolve, reject) => {
  sawThumbs = resolve;
  setTimeout(() => reject(new Error('no thumbnails within 180 s')), 180_000).unref();
});
const coreStarted = performance.now();
const app = await launchChromium({
  dataDir,
  headless: true,
  initScript: startupScript,
  beforeLoad: async (page, harness) => {
    await page.exposeFunction('__benchMark', (name: string) => {
      probes[name] = { at: performance.now(), cpu: process.cpuUsage() };
      if (name === 'thumbs') sawThumbs();
    });
    const dispatch = harness.dispatcher.dispatch.bind(harness.dispatcher);
    harness.dispatcher.dispatch = async (name, request, sender) => {
      const start = performance.now();
      try {
        return await dispatch(name, request, sender);
      } finally {
        calls.push({ name, start, end: performance.now() });
      }
    };
  },
});
console.log(`Core and page started in ${((performance.now() - coreStarted) / 1000).toFixed(1)} s`);
const { page } = app;
// The page says when its first thumbnails are in through the binding above: a Playwright wait would inject its
// script into the page and poll it in the very window being timed (about 40 ms of the page's main thread).
await thumbsSeen;
const marks = await page.evaluate(() => (window as unknown as { __galleryStartup: Record<string, number> }).__galleryStartup);
console.log(
  `Start-up, from navigation: screens shown ${marks.shown!.toFixed(0)} ms; ${count} results listed ${marks.listed!.toFixed(0)} ms; first row of thumbnails (${marks.firstRow}) decoded ${marks.thumbs!.toFixed(0)} ms`,
);
console.log(
  `Time to first thumbnails after the Gallery was clicked: ${(marks.thumbs! - marks.shown!).toFixed(0)} ms (the first row's thumbnails asked for at +${marks.thumbAsked!.toFixed(0)} ms, all answered by +${marks.thumbAnswered!.toFixed(0)} ms)`,
);
{
  const click = probes.click!;
  const thumbs = probes.thumbs!;
  const cpu = (thumbs.cpu.user + thumbs.cpu.system - click.cpu.user - click.cpu.system) / 1000;
  console.log(`  the core between the click and the first thumbnails (as it heard of them, ${(thumbs.at - click.at).toFixed(0)} ms apart): ${cpu.toFixed(0)} ms of CPU`);
  const during = calls.filter((c) => c.end >= click.at - 50 && c.start <= thumbs.at).map((c) => `${c.name} ${(c.start - click.at).toFixed(0)}…${(c.end - click.at).toFixed(0)}`);
  console.log(`  calls the core answered meanwhile (ms after the click it heard of): ${during.join('; ') || 'none'}`);
}

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
// `--page-profile`: a CPU profile of the page's main thread while it reads (Chrome DevTools opens it).
const pageProfiler = values['page-profile'] ? await page.context().newCDPSession(page) : null;
if (pageProfiler) {
  await pageProfiler.send('Profiler.enable');
  await pageProfiler.send('Profiler.setSamplingInterval', { interval: 200 });
  await pageProfiler.send('Profiler.start');
}
line('Read at 1,200 px/s (20 px a frame)', await scroll({ step: 20, frames: 900 }));
if (pageProfiler) {
  const { profile } = await pageProfiler.send('Profiler.stop');
  await writeFile(values['page-profile']!, JSON.stringify(profile));
  console.log(`CPU profile of the page while it read written to ${values['page-profile']}`);
}

const after = await memory();
console.log(`JS heap after scrolling: ${(after.heap / 2 ** 20).toFixed(1)} MiB`);

// Counting finished results with the app open: real Generates through the engine and the built-in Sandbox, the
// gallery showing the whole library, so the core files each result and then answers the page's asks that follow
// (its pages again, the filters' choices). The longest the core's event loop was held, from the submit until a
// second after the task was done; `--profile` writes a CPU profile of these windows. The harness's Playwright calls
// (a page.evaluate for each event, the binding for each call) run on this event loop too: in a profile they were the
// longest slices left once the app's own were gone.
{
  const events = app.harness!.core.events;
  const { handlers } = app.harness!.core;
  const done = new Map<string, () => void>();
  const detach = events.attach((channel, payload) => {
    const info = payload as { id?: string; state?: string };
    if (channel === eventChannel('tasks.updated') && info.state === 'done' && info.id) done.get(info.id)?.();
  });
  const profiler = values.profile ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.post('Profiler.start');
  }
  const counted: Array<{ variations: number; stall: number; busy: number }> = [];
  // The first warms the engine and the Sandbox's first pipeline; then single results and a Generate of 4.
  for (const variations of [1, 1, 1, 1, 1, 1, 4, 4]) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const e0 = performance.eventLoopUtilization();
    const submitted = await handlers['tasks.submitGroup']({
      request: { endpointId: 'gen-dev', params: { prompt: `a lighthouse counted ${counted.length}`, width: 512, height: 512, output_format: 'jpeg' }, inputs: {} },
      count: variations,
      projectId: null,
    });
    await Promise.all(submitted.map((t) => new Promise<void>((resolve) => done.set(t.id, resolve))));
    await new Promise((r) => setTimeout(r, 1000));
    delay.disable();
    counted.push({ variations, stall: delay.max / 1e6, busy: performance.eventLoopUtilization(e0).active });
  }
  detach();
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    await writeFile(values.profile!, JSON.stringify(profile));
    profiler.disconnect();
    console.log(`CPU profile of the counting written to ${values.profile}`);
  }
  const after = counted.slice(1);
  console.log(
    `Results counted with the gallery open (${after.length} Generates of ${after.map((c) => c.variations).join(', ')}, from the submit to a second after the last was done): longest event-loop stall ${after.map((c) => c.stall.toFixed(1)).join(', ')} ms (worst ${Math.max(...after.map((c) => c.stall)).toFixed(1)} ms); the event loop busy ${after.map((c) => c.busy.toFixed(0)).join(', ')} ms`,
  );
}

// Searches no view has answered yet (main keeps the last few), so each one reads every prompt.
const searches = ['lighthouse fox', 'harbour dusk', 'number 99999', 'rain market', 'zebra', 'snow city 12', 'portrait', 'lemons sailor'];
const handlers = app.harness!.core.handlers;
const coreTimes: number[] = [];
const coreCpu: number[] = [];
for (const text of searches) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = await handlers['library.page']({ query: { text }, offset: 0, limit: 96 });
  const c1 = process.cpuUsage(c0);
  coreTimes.push(performance.now() - t0);
  coreCpu.push((c1.user + c1.system) / 1000);
  if (r.all < count) throw new Error('the library does not hold every result');
}
const roundTrips = await page.evaluate(async (texts) => {
  const times: number[] = [];
  for (const text of texts) {
    const t0 = performance.now();
    await (window as unknown as { gen: { library: { page(r: unknown): Promise<unknown> } } }).gen.library.page({ query: { text: `${text} ` , status: 'kept' }, offset: 0, limit: 96 });
    times.push(performance.now() - t0);
  }
  return times;
}, searches);
const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
};
console.log(`Search over ${count} prompts (${searches.length} searches, first page of each): in the core ${stats(coreTimes)} (CPU ${stats(coreCpu)}); from the page, round trip ${stats(roundTrips)}`);

await app.close();

// Filing one more result into a library of this size, on a library opened alone on the same folder.
const opened = performance.now();
const alone = await Library.open({ dataDir, media: new MediaRegistry('gen-media://m/'), notices: new NoticeBoard({ now: Date.now }), log: silentLogger, now: Date.now });
console.log(`Library of ${count} opened alone (index read, sidecars checked) in ${((performance.now() - opened) / 1000).toFixed(1)} s`);
const filings: Array<{ total: number; write: number; stall: number; cpu: number; busy: number }> = [];
for (let n = 0; n < 5; n++) {
  // The file's name holds the id's first 8 characters: each new result needs its own.
  const id = `${String(n + 1).repeat(8)}-2222-4333-8444-000000000000`;
  let write = 0;
  const off = onPhase((phase, ms) => {
    if (phase === 'write') write += ms;
  });
  // The download step leaves the result in a file of its own; writing it is not the filing's time.
  const file = await downloaded(join(dataDir, 'downloads'), pictures[n]!.file);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const e0 = performance.eventLoopUtilization();
  const origin = {
    id,
    endpointId: 'gen-dev',
    params: { prompt: `a new result ${n}` },
    inputs: [],
    seed: n,
    cost: 1,
    settledCost: null,
    inputMp: 0,
    outputMp: 0.79,
    remoteTaskId: null,
    connectionLabel: 'Sandbox',
    createdAt: Date.now(),
    submittedAt: null,
    readyAt: null,
    projectId: null,
    group: null,
  };
  // As the download step does first (downloadStep.ts): the task's result looked for, filed whole or left without
  // its sidecar by a crash.
  if ((await alone.find(id, origin.endpointId, origin.createdAt)) ?? (await alone.recover(origin))) throw new Error('a new result was found filed');
  await alone.save({ ...origin, file });
  const total = performance.now() - t0;
  const c1 = process.cpuUsage(c0);
  const busy = performance.eventLoopUtilization(e0).active;
  delay.disable();
  off();
  filings.push({ total, write, stall: delay.max / 1e6, cpu: (c1.user + c1.system) / 1000, busy });
}
const worst = (key: 'total' | 'write' | 'stall' | 'cpu') => Math.max(...filings.map((f) => f[key])).toFixed(1);
console.log(
  `A new result filed into ${count} (5 saves: looked for as the download step does, checked, preview made, metadata written, file, preview, sidecar and index written): ${filings.map((f) => f.total.toFixed(1)).join(', ')} ms (worst ${worst('total')} ms); of which writing the file, preview, sidecar and index ${filings.map((f) => f.write.toFixed(1)).join(', ')} ms; longest event-loop stall ${worst('stall')} ms; CPU (this process, every thread) ${filings.map((f) => f.cpu.toFixed(1)).join(', ')} ms; the event loop busy (wall time, which the load stretches) ${filings.map((f) => f.busy.toFixed(1)).join(', ')} ms`,
);

await rm(dataDir, { recursive: true, force: true });
