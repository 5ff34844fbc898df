import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CALLS } from '../shared/ipc/contract';
import { eventChannel } from '../shared/ipc/define';

const exposed: Record<string, unknown> = {};
const invoke = vi.fn();
/** ipcRenderer's listeners, by channel, as Electron keeps them. */
const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
const on = vi.fn((channel: string, listener: (event: unknown, payload: unknown) => void) => {
  if (!listeners.has(channel)) listeners.set(channel, new Set());
  listeners.get(channel)!.add(listener);
});
const removeListener = vi.fn((channel: string, listener: (event: unknown, payload: unknown) => void) => listeners.get(channel)?.delete(listener));
/** main's webContents.send, as the renderer's side receives it: an event object first, then the payload. */
const sendFromMain = (channel: string, payload: unknown) => {
  for (const l of [...(listeners.get(channel) ?? [])]) l({ sender: 'ipc event, never handed to the page' }, payload);
};

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
  ipcRenderer: { invoke, on, removeListener },
}));

describe('the preload', () => {
  beforeEach(async () => {
    await import('./index');
  });

  it('exposes window.gen and nothing else', () => {
    expect(Object.keys(exposed)).toEqual(['gen']);
    const gen = exposed.gen as Record<string, Record<string, unknown>>;
    expect(Object.keys(gen).sort()).toEqual([...new Set(Object.keys(CALLS).map((c) => c.split('.')[0]))].sort());
    for (const ns of Object.values(gen)) {
      for (const value of Object.values(ns)) expect(typeof value).toBe('function');
    }
  });

  it('invokes only contract channels', async () => {
    const gen = exposed.gen as { app: { info: () => Promise<unknown> } };
    await gen.app.info();
    expect(invoke).toHaveBeenCalledWith('gen:call:app.info', undefined);
  });

  it('delivers main’s events on the contract’s channel, the payload only, until unsubscribed', () => {
    const gen = exposed.gen as { tasks: { onUpdated: (listener: (payload: unknown) => void) => () => void } };
    const got: unknown[][] = [];
    const unsubscribe = gen.tasks.onUpdated((...args: unknown[]) => got.push(args));
    expect(on).toHaveBeenCalledWith(eventChannel('tasks.updated'), expect.any(Function));
    const payload = { id: 't1', state: 'running' };
    sendFromMain(eventChannel('tasks.updated'), payload);
    sendFromMain(eventChannel('app.notice'), { other: true });
    // The page gets the payload alone: never Electron's event object, whose sender reaches ipcRenderer.
    expect(got).toEqual([[payload]]);
    unsubscribe();
    expect(removeListener).toHaveBeenCalledWith(eventChannel('tasks.updated'), on.mock.calls.at(-1)![1]);
    sendFromMain(eventChannel('tasks.updated'), payload);
    expect(got).toHaveLength(1);
  });

  it('refuses a listener that is not a function', () => {
    const gen = exposed.gen as { tasks: { onUpdated: (listener: unknown) => () => void } };
    expect(() => gen.tasks.onUpdated('alert(1)')).toThrow(TypeError);
  });
});
