/**
 * The gallery benchmark: a library of 10,000 results (or `--count`) opened in the real renderer (Chromium, bound to
 * the Node core as in the e2e specs). Prints figures; asserts nothing.
 *   - start-up, timed in the page from the start of navigation (Playwright's own round trips left out): the
 *     screens shown, Gallery clicked at once, the 10,000 results listed, the first row of thumbnails decoded;
 *   - memory: the page's JS heap and the DOM size with the grid showing, the Node core's RSS;
 *   - search over every prompt, run in main: the core's time for a query it has not seen, and the page's round trip;
 *   - filing a new result into the library of that size (after the page closes, a library opened on the same
 *     folder): the save's time, the index's share of it, and the longest the event loop was held meanwhile;
 *   - frames while scrolling the grid, timed by the frames' own start times (so a frame that missed the screen's
 *     refresh shows as 33 ms, not as the scheduling noise of a timer): a fling end to end at about a row per
 *     frame, and a read at 1,200 px/s where every card's thumbnail loads; p50, p95, max and the frames that
 *     missed a refresh.
 *
 *   npm run build && npx tsx bench/gallery.ts [--count 10000]
 */
import { appendFile, link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
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

// `--results` is the option's earlier name.
const { values } = parseArgs({ options: { count: { type: 'string' }, results: { type: 'string' } } });
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
        marks.thumbAnswered = Math.max(...asked.map((e) => e.responseEnd)) - marks.shown; marks.detail = JSON.stringify(performance.getEntriesByType('resource').filter((e) => e.name.includes('/gen-media/')).slice(0, 8).map((e) => [e.name.slice(-20), e.initiatorType, e.startTime - marks.shown, e.connectStart - marks.shown, e.requestStart - marks.shown, e.responseStart - marks.shown, e.responseEnd - marks.shown].map((x) => typeof x === 'number' ? Math.round(x) : x)));
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
const gaps: Array<[number, number]> = [];
{ let last = performance.now(); const tickGap = () => { const now = performance.now(); if (now - last > 4) gaps.push([last, now - last]); last = now; setImmediate(tickGap); }; setImmediate(tickGap); }
import('node:inspector/promises');
const { Session } = await import('node:inspector/promises');
const nodeSession = new Session(); nodeSession.connect();
await nodeSession.post('Profiler.enable'); await nodeSession.post('Profiler.setSamplingInterval', { interval: 250 }); await nodeSession.post('Profiler.start');
const p0 = performance.now();
const coreStarted = performance.now();
let cdp: import('@playwright/test').CDPSession;
import { launchBrowser } from '../e2e/harness/launch';
const browser = await launchBrowser(true);
const app = await launchChromium({
  browser,
  dataDir,
  headless: true,
  initScript: startupScript,
  beforeLoad: async (page, harness) => {
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading', 'toplevel', 'v8.execute', 'blink.user_timing', 'netlog', 'disabled-by-default-v8.compile'] });
    await page.exposeFunction('__benchMark', (name: string) => {
      probes[name] = { at: performance.now(), cpu: process.cpuUsage() };
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
const startup = await page.waitForFunction(
  () => {
    const marks = (window as unknown as { __galleryStartup?: Record<string, number> }).__galleryStartup;
    return marks?.thumbs ? marks : null;
  },
  undefined,
  { timeout: 180_000, polling: 100 },
);
const marks = (await startup.jsonValue()) as Record<string, number>;
console.log(marks.detail);
console.log('node gaps after click', gaps.filter(([t]) => t > probes.click!.at - 20 && t < probes.thumbs!.at).map(([t, g]) => `${(t - probes.click!.at).toFixed(0)}+${g.toFixed(0)}`).join(' '));
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


const buf = await browser.stopTracing();
await writeFile('/tmp/trace.json', buf);

await app.close();
await rm(dataDir, { recursive: true, force: true });
process.exit(0);
