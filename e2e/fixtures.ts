import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Browser, type Page } from '@playwright/test';
import { launchBrowser, launchChromium, launchElectron, type LaunchedApp } from './harness/launch';
import type { ScriptedKeyDialogs } from './harness/keyDialogs';
import { sandboxPace, type SandboxPace } from './harness/pace';
import { chooseRunner, type Runner } from './harness/runner';

export interface GenApp {
  readonly runner: Runner;
  readonly page: Page;
  readonly dataDir: string;
  /**
   * The main-process dialogs asking whether a key may go to a new host, for the spec to answer (Chromium runner;
   * undefined in Electron, whose native dialog Playwright cannot click).
   */
  readonly keyDialogs: ScriptedKeyDialogs | undefined;
  /**
   * Quits and starts the app again on the same data directory, as a user reopening it would; `whileClosed` runs
   * in between (another app changing files while Gen Studio is not running).
   */
  restart(whileClosed?: () => Promise<void>): Promise<Page>;
}

/**
 * `app` starts Gen Studio on a fresh data directory: in Electron when its binary is here, otherwise the built
 * renderer in Chromium bound to the Node core. Specs use `app.page` and never know which.
 */
export const test = base.extend<{ app: GenApp; sandboxPace: SandboxPace }, { runner: Runner; sharedBrowser: Browser | undefined }>({
  // The Chromium runner's Sandbox; a spec that watches tasks while they run sets `test.use({ sandboxPace: 'demo' })`.
  sandboxPace: ['brisk', { option: true }],
  runner: [async ({}, use) => use(chooseRunner()), { scope: 'worker' }],
  sharedBrowser: [
    async ({ runner }, use) => {
      if (runner !== 'chromium') return use(undefined);
      const browser = await launchBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  app: async ({ runner, sharedBrowser, sandboxPace: pace }, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-e2e-'));
    const launch = (): Promise<LaunchedApp> =>
      runner === 'electron' ? launchElectron({ dataDir }) : launchChromium({ dataDir, browser: sharedBrowser, deps: { sandboxOptions: sandboxPace(pace) } });
    let current = await launch();
    const app: GenApp = {
      runner,
      dataDir,
      get page() {
        return current.page;
      },
      get keyDialogs() {
        return current.harness?.keyDialogs;
      },
      restart: async (whileClosed) => {
        await current.close();
        await whileClosed?.();
        current = await launch();
        return current.page;
      },
    };
    await use(app);
    await current.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});

export const expect = test.expect;
