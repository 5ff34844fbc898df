/**
 * Startup: from launch to the first paint and to the first usable screen, in the Chromium runner (the app's
 * renderer bound to the Node core, as `npm start` opens it without Electron). Prints figures; asserts nothing.
 *
 *   npm run build && npx tsx bench/startup.ts [--runs 5]
 *
 * Each run starts cold on a fresh data folder: a new browser, a new core, a new page. Where the time goes:
 *   browser      launching Chromium (Electron's own window creation stands here)
 *   core         createCore: settings, keychain probe, task records, library, projects
 *   window       a new page, the bridge to the core installed
 *   bundle       the renderer's script: fetched (bytes), then parsed and run until the first paint
 *   sandbox      the built-in Sandbox service starting (it starts when the screen first asks for it)
 *   first paint  navigation start to the browser's first paint
 *   usable       navigation start to the Start screen showing its endpoints and the active connection
 * "after the window opens" is from navigation start; "from launch" adds the browser and the core.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Frame, type Page } from '@playwright/test';
import { startHarness, BRIDGE_FILE } from '../e2e/harness/server';
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/harness/runner';
import { fromWire, toWire } from '../e2e/harness/wire';
import { fail } from '../src/shared/ipc/result';
import type { Logger } from '../src/main/core/deps';
import { MemoryKeychain } from '../src/main/core/testing/memoryKeychain';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);

interface Run {
  browser: number;
  core: number;
  window: number;
  bundleKB: number;
  bundleFetch: number;
  bundleToPaint: number;
  firstCall: number;
  lastAnswer: number;
  callsBeforeUsable: number;
  sandboxReady: number | null;
  firstPaint: number;
  usable: number;
  fromLaunchUsable: number;
}

async function once(): Promise<Run> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-bench-startup-'));
  const t0 = performance.now();
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ headless: true, args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) });
  const tBrowser = performance.now();

  let sandboxAt: number | null = null;
  const log: Logger = {
    info: (message) => {
      if (message === 'built-in sandbox started') sandboxAt = performance.now();
    },
    warn: () => undefined,
    error: () => undefined,
  };
  const harness = await startHarness({ dataDir, deps: { log, secrets: new MemoryKeychain() } });
  const tCore = performance.now();

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const calls: Array<{ start: number; end: number }> = [];
  await page.exposeBinding('__genInvoke', async (source, channel: unknown, request: unknown) => {
    const call = { start: performance.now(), end: NaN };
    calls.push(call);
    const answer = await invoke(source, channel, request);
    call.end = performance.now();
    return answer;
  });
  const invoke = async (source: { frame: Frame; page: Page }, channel: unknown, request: unknown) => {
    const name = typeof channel === 'string' ? harness.dispatcher.channels.get(channel) : undefined;
    if (!name) return toWire(fail('invalid-request', 'Unknown call.'));
    return toWire(await harness.dispatcher.dispatch(name, fromWire(request), { url: source.frame.url(), isMainFrame: source.frame === source.page.mainFrame() }));
  };
  const detach = harness.core.events.attach((channel, payload) => {
    page.evaluate((m: [string, unknown]) => (window as unknown as { __genDeliver?: (c: string, p: unknown) => void }).__genDeliver?.(m[0], m[1]), [channel, toWire(payload)] as [string, unknown]).catch(() => undefined);
  });
  await page.addInitScript({ content: await readFile(BRIDGE_FILE, 'utf8') });
  const tWindow = performance.now();

  await page.goto(harness.url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () =>
      document.querySelector('h1')?.textContent === 'Start something' &&
      document.querySelectorAll('.endpoint-card').length > 0 &&
      (document.querySelector('[aria-label="Active connection"]')?.textContent ?? '').includes('Sandbox'),
    undefined,
    { polling: 'raf' },
  );
  const tUsable = performance.now();
  const figures = await page.evaluate(() => {
    const usable = performance.now();
    const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime ?? NaN;
    const script = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) => /\/assets\/index-.*\.js$/.test(r.name));
    return {
      usable,
      paint,
      bundleBytes: script?.encodedBodySize ?? 0,
      bundleFetch: script ? script.responseEnd - script.startTime : NaN,
      bundleEnd: script?.responseEnd ?? NaN,
    };
  });

  const beforeUsable = calls.filter((c) => c.start < tUsable);
  const firstCall = beforeUsable.length ? Math.min(...beforeUsable.map((c) => c.start)) - tWindow : NaN;
  const lastAnswer = beforeUsable.length ? Math.max(...beforeUsable.map((c) => c.end)) - tWindow : NaN;
  detach();
  await context.close();
  await harness.close();
  await browser.close();
  await rm(dataDir, { recursive: true, force: true });
  return {
    browser: tBrowser - t0,
    core: tCore - tBrowser,
    window: tWindow - tCore,
    bundleKB: figures.bundleBytes / 1024,
    bundleFetch: figures.bundleFetch,
    bundleToPaint: figures.paint - figures.bundleEnd,
    firstCall,
    lastAnswer,
    callsBeforeUsable: beforeUsable.length,
    sandboxReady: sandboxAt === null ? null : sandboxAt - tWindow,
    firstPaint: figures.paint,
    usable: figures.usable,
    // The page's clock starts at its navigation, which begins as the window is ready.
    fromLaunchUsable: tWindow - t0 + figures.usable,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => `${Math.round(x)} ms`.padStart(9);

const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  const run = await once();
  runs.push(run);
  console.log(
    `run ${i + 1}: browser${ms(run.browser)}  core${ms(run.core)}  window${ms(run.window)}  | bundle ${run.bundleKB.toFixed(0)} KB fetched in${ms(run.bundleFetch)}, to paint${ms(run.bundleToPaint)}  | sandbox ready${run.sandboxReady === null ? '     never' : ms(run.sandboxReady)}  | first paint${ms(run.firstPaint)}  usable${ms(run.usable)}  (from launch${ms(run.fromLaunchUsable)})`,
  );
}
const col = (key: keyof Run) => median(runs.map((r) => r[key] ?? NaN));
console.log(`\nmedian of ${RUNS} cold starts (Chromium runner):`);
console.log(`  launching the browser        ${ms(col('browser'))}`);
console.log(`  core start (createCore)      ${ms(col('core'))}`);
console.log(`  window (page + bridge)       ${ms(col('window'))}`);
console.log(`  renderer bundle              ${col('bundleKB').toFixed(0)} KB, fetched in ${Math.round(col('bundleFetch'))} ms, first paint ${Math.round(col('bundleToPaint'))} ms after it arrived (negative: the page painted before the script ran)`);
console.log(`  renderer's first call        ${ms(col('firstCall'))} after the window opened (the bundle loaded, parsed and mounted)`);
console.log(`  core's last answer           ${ms(col('lastAnswer'))} after the window opened (${col('callsBeforeUsable')} calls before the screen was usable)`);
console.log(`  built-in Sandbox ready       ${ms(col('sandboxReady'))} after the window opened`);
console.log(`  first paint                  ${ms(col('firstPaint'))} after the window opened`);
console.log(`  first usable screen          ${ms(col('usable'))} after the window opened (aim: under 1500 ms)`);
console.log(`  first usable screen          ${ms(col('fromLaunchUsable'))} from launch`);
