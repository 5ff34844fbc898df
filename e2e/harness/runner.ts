import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server';

export type Runner = 'electron' | 'chromium';

/**
 * The Electron binary, if this machine has it. Reads electron's path.txt rather than requiring the package,
 * because requiring it tries to download the binary.
 */
export function electronBinary(): string | undefined {
  const pkg = join(ROOT, 'node_modules/electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

// Debian's and Ubuntu's packages, then Google Chrome where GitHub's Windows and macOS runners have it (the playback
// test needs a browser in CI on every system, and fails there without one).
const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
];

/** Debian's Chromium, or the browser named by CHROMIUM_PATH; undefined lets Playwright use its own if installed. */
export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p));
}

/** GEN_STUDIO_E2E_RUNNER forces a runner; otherwise Electron when its binary is here, else Chromium. */
export function chooseRunner(): Runner {
  const forced = process.env.GEN_STUDIO_E2E_RUNNER;
  if (forced === 'electron' || forced === 'chromium') return forced;
  return electronBinary() ? 'electron' : 'chromium';
}

/** Flags that keep Chromium quiet on a closed network and let it run as root in CI containers. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  '--disable-dev-shm-usage',
];
