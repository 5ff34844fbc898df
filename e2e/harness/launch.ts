import { readFile } from 'node:fs/promises';
import { _electron, chromium, type Browser, type ElectronApplication, type Page } from '@playwright/test';
import { fail } from '../../src/shared/ipc/result';
import type { CoreDeps } from '../../src/main/core/deps';
import type { ScriptedProjectDialogs } from './projectDialogs';
import { BRIDGE_FILE, ROOT, startHarness, type Harness } from './server';
import { CHROMIUM_ARGS, chromiumExecutable, electronBinary, type Runner } from './runner';
import { decodeWire, encodeWire } from './wire';

export interface LaunchedApp {
  readonly runner: Runner;
  readonly page: Page;
  /** Set on the Chromium runner: the Node core the page is bound to. */
  readonly harness?: Harness;
  close(): Promise<void>;
}

export function launchBrowser(headless = true): Promise<Browser> {
  const executablePath = chromiumExecutable();
  return chromium.launch({ headless, args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) });
}

/** The built renderer in Chromium, with `window.gen` bound to a Node core on `dataDir`. */
export async function launchChromium(options: {
  dataDir: string;
  headless?: boolean;
  browser?: Browser;
  /** Core dependencies to use instead of the plain-Node ones (the app command passes the OS keychain). */
  deps?: Partial<CoreDeps>;
  /** A script to run in the page before the app's own (a benchmark's timers). */
  initScript?: string;
  /** Save to file / Open file's dialogs (the headed runner asks in the terminal); scripted by the spec otherwise. */
  projectDialogs?: ScriptedProjectDialogs;
  /** Runs once the page and core exist, before the app loads (a benchmark's bindings and probes). */
  beforeLoad?: (page: Page, harness: Harness) => Promise<void>;
}): Promise<LaunchedApp & { browser: Browser }> {
  const browser = options.browser ?? (await launchBrowser(options.headless));
  const harness = await startHarness({ dataDir: options.dataDir, ...(options.deps ? { deps: options.deps } : {}), ...(options.projectDialogs ? { projectDialogs: options.projectDialogs } : {}) });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();

  await page.exposeBinding('__genInvoke', async (source, channel: unknown, request: unknown) => {
    const name = typeof channel === 'string' ? harness.dispatcher.channels.get(channel) : undefined;
    if (!name) return encodeWire(fail('invalid-request', 'Unknown call.'));
    const frame = source.frame;
    const sender = { url: frame.url(), isMainFrame: frame === source.page.mainFrame(), startDrag: harness.desktop.startDrag };
    return encodeWire(await harness.dispatcher.dispatch(name, decodeWire(request), sender));
  });
  const detach = harness.core.events.attach((channel, payload) => {
    const message: [string, string] = [channel, encodeWire(payload)];
    page
      .evaluate((m: [string, string]) => (window as unknown as { __genDeliver?: (c: string, p: string) => void }).__genDeliver?.(m[0], m[1]), message)
      .catch(() => {
        // The page is navigating or closed; it reloads state when it starts again.
      });
  });
  await page.addInitScript({ content: await readFile(BRIDGE_FILE, 'utf8') });
  if (options.initScript) await page.addInitScript({ content: options.initScript });
  await options.beforeLoad?.(page, harness);
  await page.goto(harness.url);

  return {
    runner: 'chromium',
    page,
    harness,
    browser,
    close: async () => {
      // As the Electron shell does when its window closes: the page saves what is unsaved first.
      await harness.core.beforeClose(3000);
      detach();
      await context.close();
      await harness.close();
      if (!options.browser) await browser.close();
    },
  };
}

export async function launchElectron(options: { dataDir: string }): Promise<LaunchedApp & { electron: ElectronApplication }> {
  const executablePath = electronBinary();
  if (!executablePath) throw new Error('The Electron binary is not installed');
  const args = [ROOT];
  // Electron's own sandbox cannot start as root in CI containers; the renderer sandbox flag still applies.
  if (process.getuid?.() === 0) args.unshift('--no-sandbox');
  const electron = await _electron.launch({
    executablePath,
    args,
    env: { ...process.env, GEN_STUDIO_DATA_DIR: options.dataDir } as Record<string, string>,
  });
  const page = await electron.firstWindow();
  await page.waitForLoadState('domcontentloaded');
  return { runner: 'electron', page, electron, close: () => electron.close() };
}

