import { describe, expect, it } from 'vitest';
import type { Handlers } from '../core/handlers/types';
import { silentLogger } from '../core/log';
import { createDispatcher, trustOrigins } from './dispatcher';
import { senderOf, type InvokeEventLike } from './sender';

const APP = 'app://gen-studio/index.html';

/** A window's frames as Electron models them: the top-level frame and the frames inside it are distinct objects. */
function windowAt(url: string) {
  const mainFrame = { url, detached: false };
  const sender = { mainFrame };
  return {
    fromTop: (): InvokeEventLike => ({ sender, senderFrame: mainFrame }),
    fromChild: (childUrl: string): InvokeEventLike => ({ sender, senderFrame: { url: childUrl, detached: false } }),
    fromFrame: (senderFrame: InvokeEventLike['senderFrame']): InvokeEventLike => ({ sender, senderFrame }),
  };
}

describe('the sender of an invoke', () => {
  it('is the main frame only when it is its window’s top-level frame', () => {
    const win = windowAt(APP);
    expect(senderOf(win.fromTop())).toEqual({ url: APP, isMainFrame: true });
    // Same URL, another frame: an iframe showing the app's own page is still not the page.
    expect(senderOf(win.fromChild(APP))).toEqual({ url: APP, isMainFrame: false });
  });

  it('is untrusted when its frame is gone, detached or can no longer be read', () => {
    expect(senderOf(windowAt(APP).fromFrame(null))).toEqual({ url: '', isMainFrame: false });
    const detached = { url: APP, detached: true };
    expect(senderOf({ sender: { mainFrame: detached }, senderFrame: detached })).toEqual({ url: '', isMainFrame: false });
    const disposed: InvokeEventLike = {
      sender: { mainFrame: {} },
      get senderFrame(): never {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    expect(senderOf(disposed)).toEqual({ url: '', isMainFrame: false });
  });

  it('lets the dispatcher answer only the app’s own top-level page', async () => {
    const info = { name: 'Gen Studio', version: '1', runner: 'electron' as const, platform: 'linux' };
    const handlers = { 'app.info': async () => info } as unknown as Handlers;
    const dispatcher = createDispatcher(handlers, trustOrigins(['app://gen-studio']), silentLogger);
    const call = (event: InvokeEventLike) => dispatcher.dispatch('app.info', undefined, senderOf(event));
    expect(await call(windowAt(APP).fromTop())).toEqual({ ok: true, value: info });
    for (const event of [windowAt(APP).fromChild(APP), windowAt('https://evil.example/').fromTop(), windowAt(APP).fromFrame(null)]) {
      expect(await call(event)).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
    }
  });
});
