import { describe, expect, it, vi } from 'vitest';

const openExternal = vi.fn(async () => {});
vi.mock('electron', () => ({ shell: { openExternal } }));

const { hardenContents, hardenSession } = await import('./security');

type Listener = (event: { preventDefault: () => void }, ...args: unknown[]) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  return {
    on: (name: string, listener: Listener) => listeners.set(name, listener),
    setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
    fire(name: string, ...args: unknown[]) {
      const event = { preventDefault: vi.fn() };
      listeners.get(name)?.(event, ...args);
      return event.preventDefault.mock.calls.length > 0;
    },
    open: (url: string) => openHandler?.({ url }),
  };
}

describe('window security', () => {
  const appUrl = 'app://gen-studio/index.html';

  it('refuses navigation away from the app, redirects and webviews', () => {
    const contents = fakeContents();
    hardenContents(contents as never, () => appUrl);
    expect(contents.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(contents.fire('will-navigate', appUrl)).toBe(false);
    expect(contents.fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-attach-webview')).toBe(true);
  });

  it('never opens a window; sends only plain https links to the system browser', () => {
    const contents = fakeContents();
    hardenContents(contents as never, () => appUrl);
    expect(contents.open('https://docs.example.com/x')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://docs.example.com/x');
    openExternal.mockClear();
    for (const url of ['http://example.com', 'file:///c:/windows', 'javascript:alert(1)', 'https://localhost:3000']) {
      expect(contents.open(url)).toEqual({ action: 'deny' });
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('denies every permission request but clipboard writes, and every download', () => {
    let request: ((c: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: ((c: unknown, permission: string) => boolean) | undefined;
    let download: Listener | undefined;
    hardenSession({
      setPermissionRequestHandler: (h: typeof request) => (request = h),
      setPermissionCheckHandler: (h: typeof check) => (check = h),
      on: (_name: string, h: Listener) => (download = h),
    } as never);
    const answers: Record<string, boolean> = {};
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'clipboard-sanitized-write']) {
      request?.(null, p, (granted) => (answers[p] = granted));
    }
    expect(answers).toEqual({
      media: false,
      geolocation: false,
      notifications: false,
      openExternal: false,
      'clipboard-read': false,
      'clipboard-sanitized-write': true,
    });
    expect(check?.(null, 'media')).toBe(false);
    const event = { preventDefault: vi.fn() };
    download?.(event);
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
