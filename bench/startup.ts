/**
 * Startup: from launch to the first paint and to the first usable screen, in the Chromium runner (the app's
 * renderer bound to the Node core, as `npm start` opens it without Electron), then in Electron where its binary
 * is installed. Prints figures; asserts nothing.
 *
 *   npm run build && npx tsx bench/startup.ts [--runs 5] [--chromium-only]
 *
 * Each run starts cold on a fresh data folder: a new browser, a new core, a new page. Where the time goes:
 *   browser      launching Chromium (Electron's own window creation stands here)
 *   core         createCore: settings, keychain probe, task records, library, projects
 *   window       a new page, the bridge to the core installed
 *   bundle       the renderer's start-up scripts (the entry chunk and the shared chunk it preloads; a screen's own chunk
 *                loads when first shown): fetched (bytes), then parsed and run until the first paint
 *   sandbox      the built-in Sandbox service starting (it starts when the screen first asks for it)
 *   first paint  navigation start to the browser's first paint
 *   usable       navigation start to the Start screen usable: its buttons, recent projects and active connection
 *                (e2e/harness/startScreen.ts)
 * "after the window opens" is from navigation start; "from launch" adds the browser and the core.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { _electron, chromium, type Frame, type Page } from '@playwright/test';
import { startHarness, BRIDGE_FILE, ROOT } from '../e2e/harness/server';
import { CHROMIUM_ARGS, chromiumExecutable, electronBinary } from '../e2e/harness/runner';
import { decodeWire, encodeWire } from '../e2e/harness/wire';
import { startScreenUsable } from '../e2e/harness/startScreen';
import { fail } from '../src/shared/ipc/result';
import type { Logger } from '../src/main/core/deps';
import { MemoryKeychain } from '../src/main/core/testing/memoryKeychain';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, 'chromium-only': { type: 'boolean', default: false } } });
const RUNS = Number(values.runs);

interface Run {
  runner: 'chromium' | 'electron';
  /** Chromium: launching the browser. Electron: launching Electron until its window exists (core start included). */
  browser: number;
  /** Chromium only: createCore. */
  core: number;
  /** Chromium: a new page, then the bridge to the core installed. Electron: 0 (inside `browser`). */
  window: number;
  page: number;
  bridge: number;
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

async function onceChromium(): Promise<Run> {
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
  const tPage = performance.now();
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
    if (!name) return encodeWire(fail('invalid-request', 'Unknown call.'));
    return encodeWire(await harness.dispatcher.dispatch(name, decodeWire(request), { url: source.frame.url(), isMainFrame: source.frame === source.page.mainFrame() }));
  };
  const detach = harness.core.events.attach((channel, payload) => {
    page.evaluate((m: [string, string]) => (window as unknown as { __genDeliver?: (c: string, p: string) => void }).__genDeliver?.(m[0], m[1]), [channel, encodeWire(payload)] as [string, string]).catch(() => undefined);
  });
  await page.addInitScript({ content: await readFile(BRIDGE_FILE, 'utf8') });
  const tWindow = performance.now();

  await page.goto(harness.url, { waitUntil: 'commit' });
  await page.waitForFunction(startScreenUsable, undefined, { polling: 'raf' });
  const tUsable = performance.now();
  const figures = await pageFigures(page);

  const beforeUsable = calls.filter((c) => c.start < tUsable);
  const firstCall = beforeUsable.length ? Math.min(...beforeUsable.map((c) => c.start)) - tWindow : NaN;
  const lastAnswer = beforeUsable.length ? Math.max(...beforeUsable.map((c) => c.end)) - tWindow : NaN;
  detach();
  await context.close();
  await harness.close();
  await browser.close();
  await rm(dataDir, { recursive: true, force: true });
  return {
    runner: 'chromium',
    browser: tBrowser - t0,
    core: tCore - tBrowser,
    window: tWindow - tCore,
    page: tPage - tCore,
    bridge: tWindow - tPage,
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

/** Measured in the page, whose clock starts at its navigation: paint, the bundle's arrival, now (usable). */
function pageFigures(page: Page) {
  return page.evaluate(() => {
    const usable = performance.now();
    const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime ?? NaN;
    // The entry chunk and the chunks it shares with the lazy screens (modulepreloaded beside it): every script the
    // first screen waited for. A screen's own chunk (the canvas, the spending chart) loads when it is first shown.
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => /\/assets\/[^/]+\.js$/.test(r.name) && r.startTime < usable);
    if (scripts.length === 0) return { usable, paint, bundleBytes: 0, bundleFetch: NaN, bundleEnd: NaN };
    const start = Math.min(...scripts.map((r) => r.startTime));
    const end = Math.max(...scripts.map((r) => r.responseEnd));
    return {
      usable,
      paint,
      bundleBytes: scripts.reduce((a, r) => a + r.encodedBodySize, 0),
      bundleFetch: end - start,
      bundleEnd: end,
    };
  });
}

/**
 * Electron, where its binary is installed: the built app (out/) as `npm start` opens it, on a fresh data folder.
 * The main process starts the core before it opens the window, so launch-to-window holds both; the renderer's
 * calls and the Sandbox's start are read from the main process's log lines.
 */
async function onceElectron(): Promise<Run> {
  const executablePath = electronBinary()!;
  const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-bench-startup-'));
  const args = [ROOT];
  if (process.getuid?.() === 0) args.unshift('--no-sandbox');
  const t0 = performance.now();
  const app = await _electron.launch({ executablePath, args, env: { ...process.env, GEN_STUDIO_DATA_DIR: dataDir } as Record<string, string> });
  let sandboxAt: number | null = null;
  app.process().stdout?.on('data', (chunk: Buffer) => {
    if (sandboxAt === null && chunk.toString().includes('built-in sandbox started')) sandboxAt = performance.now();
  });
  const page = await app.firstWindow();
  const tWindow = performance.now();
  await page.waitForFunction(startScreenUsable, undefined, { polling: 'raf' });
  const figures = await pageFigures(page);
  // The window exists a moment before its page starts navigating; the page's clock starts at navigation.
  const navigationAt = performance.now() - figures.usable;
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  return {
    runner: 'electron',
    browser: tWindow - t0,
    core: NaN,
    window: 0,
    page: NaN,
    bridge: NaN,
    bundleKB: figures.bundleBytes / 1024,
    bundleFetch: figures.bundleFetch,
    bundleToPaint: figures.paint - figures.bundleEnd,
    firstCall: NaN,
    lastAnswer: NaN,
    callsBeforeUsable: NaN,
    sandboxReady: sandboxAt === null ? null : sandboxAt - navigationAt,
    firstPaint: figures.paint,
    usable: figures.usable,
    fromLaunchUsable: navigationAt - t0 + figures.usable,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => `${Math.round(x)} ms`.padStart(9);

async function series(runner: 'chromium' | 'electron'): Promise<void> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = runner === 'electron' ? await onceElectron() : await onceChromium();
    runs.push(run);
    console.log(
      `${runner} run ${i + 1}: ${runner === 'electron' ? `launch to window${ms(run.browser)}` : `browser${ms(run.browser)}  core${ms(run.core)}  window${ms(run.window)} (page${ms(run.page)}, bridge${ms(run.bridge)})`}  | bundle ${run.bundleKB.toFixed(0)} KB fetched in${ms(run.bundleFetch)}, to paint${ms(run.bundleToPaint)}  | sandbox ready${run.sandboxReady === null ? '     never' : ms(run.sandboxReady)}  | first paint${ms(run.firstPaint)}  usable${ms(run.usable)}  (from launch${ms(run.fromLaunchUsable)})`,
    );
  }
  const col = (key: Exclude<keyof Run, 'runner'>) => median(runs.map((r) => r[key] ?? NaN));
  console.log(`\nmedian of ${RUNS} cold starts (${runner === 'electron' ? 'Electron' : 'Chromium runner'}):`);
  if (runner === 'electron') {
    console.log(`  launch to window             ${ms(col('browser'))} (Electron's start and the core's, which main finishes before the window)`);
  } else {
    console.log(`  launching the browser        ${ms(col('browser'))}`);
    console.log(`  core start (createCore)      ${ms(col('core'))}`);
    console.log(`  window (page + bridge)       ${ms(col('window'))} (page ${Math.round(col('page'))} ms, bridge ${Math.round(col('bridge'))} ms)`);
  }
  console.log(`  renderer bundle              ${col('bundleKB').toFixed(0)} KB, fetched in ${Math.round(col('bundleFetch'))} ms, first paint ${Math.round(col('bundleToPaint'))} ms after it arrived (negative: the page painted before the script ran)`);
  if (runner === 'chromium') {
    console.log(`  renderer's first call        ${ms(col('firstCall'))} after the window opened (the bundle loaded, parsed and mounted)`);
    console.log(`  core's last answer           ${ms(col('lastAnswer'))} after the window opened (${col('callsBeforeUsable')} calls before the screen was usable)`);
  }
  console.log(`  built-in Sandbox ready       ${ms(col('sandboxReady'))} after the window opened`);
  console.log(`  first paint                  ${ms(col('firstPaint'))} after the window opened`);
  console.log(`  first usable screen          ${ms(col('usable'))} after the window opened (aim: under 1500 ms)`);
  console.log(`  first usable screen          ${ms(col('fromLaunchUsable'))} from launch`);
}

// Chromium always (it is what runs here); Electron too where its binary is installed.
await series('chromium');
if (electronBinary() && !values['chromium-only']) await series('electron');
else console.log('\n(Electron: its binary is not installed here, so only the Chromium runner was measured.)');
