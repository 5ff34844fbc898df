/**
 * What `npm start` does on this machine, decided from facts about it alone, so every branch is tested without
 * Electron, a display or a network. scripts/start.ts gathers the facts and carries the plan out.
 */

export interface StartFacts {
  /** The Electron binary is installed in node_modules/electron. */
  readonly electronInstalled: boolean;
  /** ELECTRON_SKIP_BINARY_DOWNLOAD is set: do not try to fetch Electron. */
  readonly skipDownload: boolean;
  /** After a try: whether fetching Electron worked (undefined when not tried yet). */
  readonly downloadFailed?: string;
  /** A Chromium the runner can drive. */
  readonly chromiumAvailable: boolean;
  /** DISPLAY or WAYLAND_DISPLAY is set, or the platform always has a screen (Windows, macOS). */
  readonly hasDisplay: boolean;
  /** `--screenshot FILE` was passed: headless is what the user asked for. */
  readonly screenshot: boolean;
}

export type StartPlan =
  | { readonly kind: 'fetch-electron' }
  | { readonly kind: 'electron' }
  | { readonly kind: 'chromium'; readonly notice?: string }
  | { readonly kind: 'stop'; readonly message: string };

export const NO_DISPLAY =
  'Gen Studio needs a display and this machine has none: run `xvfb-run -a npm start`, or save a picture of the app with `npm start -- --screenshot home.png`.';

export function planStart(facts: StartFacts): StartPlan {
  if (!facts.hasDisplay && !facts.screenshot) return { kind: 'stop', message: NO_DISPLAY };
  // Electron draws no screenshot from the command line: that is the Chromium runner's job.
  if (facts.electronInstalled && !facts.screenshot) return { kind: 'electron' };
  if (!facts.electronInstalled && !facts.skipDownload && facts.downloadFailed === undefined && !facts.screenshot) {
    return { kind: 'fetch-electron' };
  }
  if (!facts.chromiumAvailable) {
    return {
      kind: 'stop',
      message: facts.downloadFailed
        ? `Electron could not be downloaded (${facts.downloadFailed}) and no Chromium was found: install Debian's \`chromium\` package (or set CHROMIUM_PATH), or run \`node node_modules/electron/install.js\` where the network allows it.`
        : 'Neither Electron nor Chromium is installed here: install Debian\'s `chromium` package (or set CHROMIUM_PATH), or run `node node_modules/electron/install.js` where the network allows it.',
    };
  }
  if (facts.screenshot) return { kind: 'chromium' };
  const reason = facts.downloadFailed ? `Electron could not be downloaded (${facts.downloadFailed})` : 'Electron is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD)';
  return { kind: 'chromium', notice: `${reason}: opening Gen Studio in Chromium instead.` };
}

/** The one line that says why a download failed, out of whatever electron's install script printed. */
export function downloadFailureReason(output: string): string {
  const lines = output.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const first = lines.find((line) => !line.startsWith('at ')) ?? 'no answer';
  // `TypeError: fetch failed` is what undici says when there is no route to the download host.
  if (/fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH/.test(output)) return 'no network access to its download host';
  return first.replace(/^\w*Error: /, '').slice(0, 160);
}

export function hasDisplay(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  if (platform === 'win32' || platform === 'darwin') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}
