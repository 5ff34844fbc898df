import { describe, expect, it, vi } from 'vitest';
import { IpcFailure } from '../../shared/ipc/result';
import type { Handlers } from '../core/handlers/types';
import { silentLogger } from '../core/log';
import { createDispatcher, trustOrigins } from './dispatcher';

const trusted = { url: 'app://gen-studio/index.html', isMainFrame: true };
const info = { name: 'Gen Studio', version: '1', runner: 'electron' as const, platform: 'linux' };

function dispatcherWith(overrides: Partial<Handlers>) {
  const handlers = { 'app.info': async () => info, ...overrides } as unknown as Handlers;
  return createDispatcher(handlers, trustOrigins(['app://gen-studio']), silentLogger);
}

describe('the IPC dispatcher', () => {
  it('answers a trusted call with the handler’s value', async () => {
    expect(await dispatcherWith({}).dispatch('app.info', undefined, trusted)).toEqual({ ok: true, value: info });
  });

  it('drops calls from other origins and from subframes', async () => {
    const d = dispatcherWith({});
    for (const sender of [
      { url: 'https://evil.example/index.html', isMainFrame: true },
      { url: 'app://gen-studio/index.html', isMainFrame: false },
      { url: 'app://other/index.html', isMainFrame: true },
      { url: 'not a url', isMainFrame: true },
    ]) {
      expect(await d.dispatch('app.info', undefined, sender)).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
    }
  });

  it('parses arguments with the contract before the handler sees them', async () => {
    const handler = vi.fn(async () => ({ opened: true }));
    const d = dispatcherWith({ 'shell.openExternal': handler });
    expect(await d.dispatch('shell.openExternal', { url: 42 }, trusted)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(await d.dispatch('shell.openExternal', 'https://x.io', trusted)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('turns a typed failure into a typed result, and hides anything else', async () => {
    const d = dispatcherWith({
      'assets.get': async () => {
        throw new IpcFailure('not-found', 'gone');
      },
      'connections.list': async () => {
        throw new Error('secret-key-123 leaked in a stack');
      },
    });
    expect(await d.dispatch('assets.get', { id: 'a'.repeat(64) }, trusted)).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'gone' },
    });
    const internal = await d.dispatch('connections.list', undefined, trusted);
    expect(internal).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(internal)).not.toContain('secret-key-123');
  });

  it('strips fields the contract does not name from responses', async () => {
    const d = dispatcherWith({ 'app.info': async () => ({ ...info, apiKey: 'sk-should-not-leave' }) as typeof info });
    const result = await d.dispatch('app.info', undefined, trusted);
    expect(JSON.stringify(result)).not.toContain('sk-should-not-leave');
  });

  it('refuses a response outside the contract', async () => {
    const d = dispatcherWith({ 'app.info': async () => ({ name: 3 }) as unknown as typeof info });
    expect(await d.dispatch('app.info', undefined, trusted)).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('warms a call for no window: the handler runs once with the parsed request, its answer is dropped, a failure only logged', async () => {
    const page = vi.fn(async () => ({ total: 0, all: 0, offset: 0, items: [], stacks: {} }));
    const warn = vi.fn();
    const handlers = { 'library.page': page, 'app.info': async () => Promise.reject(new Error('not yet')) } as unknown as Handlers;
    const d = createDispatcher(handlers, trustOrigins(['app://gen-studio']), { ...silentLogger, warn });
    await d.warm('library.page', { offset: 0, limit: 100 });
    expect(page).toHaveBeenCalledWith({ offset: 0, limit: 100 }, { startDrag: undefined });
    await expect(d.warm('app.info', undefined)).resolves.toBeUndefined();
    await d.warm('library.page', { offset: -1, limit: 100 });
    expect(page).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls.map(([message]) => message)).toEqual(['a warm-up call failed', 'a warm-up call is outside the contract']);
  });
});
