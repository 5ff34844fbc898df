import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CALLS } from '../shared/ipc/contract';

const exposed: Record<string, unknown> = {};
const invoke = vi.fn();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
  ipcRenderer: { invoke, on: vi.fn(), removeListener: vi.fn() },
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
});
