import { describe, expect, it } from 'vitest';
import { downloadFailureReason, hasDisplay, NO_DISPLAY, planStart, type StartFacts } from './startPlan';

const fresh: StartFacts = {
  electronInstalled: false,
  skipDownload: false,
  chromiumAvailable: true,
  hasDisplay: true,
  screenshot: false,
};

describe('npm start', () => {
  it('opens Electron when it is installed', () => {
    expect(planStart({ ...fresh, electronInstalled: true })).toEqual({ kind: 'electron' });
  });

  it('fetches Electron once on a first start, then falls back to Chromium with one line saying why', () => {
    expect(planStart(fresh)).toEqual({ kind: 'fetch-electron' });
    const after = planStart({ ...fresh, downloadFailed: 'no network access to its download host' });
    expect(after).toEqual({ kind: 'chromium', notice: 'Electron could not be downloaded (no network access to its download host): opening Gen Studio in Chromium instead.' });
  });

  it('does not try to fetch Electron when told to skip it', () => {
    expect(planStart({ ...fresh, skipDownload: true })).toMatchObject({ kind: 'chromium', notice: expect.stringContaining('ELECTRON_SKIP_BINARY_DOWNLOAD') });
  });

  it('stops with one line, before building or fetching anything, when there is no display', () => {
    for (const facts of [fresh, { ...fresh, electronInstalled: true }, { ...fresh, skipDownload: true }]) {
      expect(planStart({ ...facts, hasDisplay: false })).toEqual({ kind: 'stop', message: NO_DISPLAY });
    }
    expect(NO_DISPLAY).toContain('xvfb-run');
    expect(NO_DISPLAY).toContain('--screenshot');
    expect(NO_DISPLAY).not.toContain('\n');
  });

  it('takes a screenshot headless in Chromium, display or not, Electron or not', () => {
    for (const electronInstalled of [true, false]) {
      expect(planStart({ ...fresh, electronInstalled, hasDisplay: false, screenshot: true })).toEqual({ kind: 'chromium' });
    }
  });

  it('says what to install when neither runner is here', () => {
    const plan = planStart({ ...fresh, skipDownload: true, chromiumAvailable: false });
    expect(plan).toMatchObject({ kind: 'stop', message: expect.stringContaining('chromium') });
  });

  it('turns the download script’s stack trace into one reason', () => {
    const stack = [
      'TypeError: fetch failed',
      '    at node:internal/deps/undici/undici:14976:13',
      '    at async FetchDownloader.download (file:///x/node_modules/@electron/get/dist/FetchDownloader.js:46:30)',
    ].join('\n');
    expect(downloadFailureReason(stack)).toBe('no network access to its download host');
    expect(downloadFailureReason('HTTPError: Response code 404 (Not Found)\n    at x')).toBe('Response code 404 (Not Found)');
    expect(downloadFailureReason('')).toBe('no answer');
  });

  it('knows when there is a display', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: ':99' })).toBe(true);
    expect(hasDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDisplay('win32', {})).toBe(true);
    expect(hasDisplay('darwin', {})).toBe(true);
  });
});
