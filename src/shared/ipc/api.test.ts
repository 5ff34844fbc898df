import { describe, expect, it, vi } from 'vitest';
import { buildApi } from './api';
import { CALLS, EVENTS } from './contract';
import { callChannel, eventChannel } from './define';

describe('buildApi', () => {
  it('has one method per contract call and one subscription per event, and nothing else', () => {
    const api = buildApi({ invoke: vi.fn(), subscribe: vi.fn() }) as unknown as Record<string, Record<string, unknown>>;
    const methods = Object.entries(api).flatMap(([ns, o]) => Object.keys(o).map((m) => `${ns}.${m}`));
    const expected = [
      ...Object.keys(CALLS),
      ...Object.keys(EVENTS).map((e) => {
        const [ns, name] = e.split('.') as [string, string];
        return `${ns}.on${name[0]!.toUpperCase()}${name.slice(1)}`;
      }),
    ];
    expect(methods.sort()).toEqual(expected.sort());
    expect(api).not.toHaveProperty('invoke');
  });

  it('sends each call on its own channel', async () => {
    const invoke = vi.fn(async () => ({ ok: true, value: [] }));
    const api = buildApi({ invoke, subscribe: vi.fn() });
    await api.connections.list();
    await api.shell.openExternal({ url: 'https://example.com' });
    expect(invoke.mock.calls).toEqual([
      [callChannel('connections.list'), undefined],
      [callChannel('shell.openExternal'), { url: 'https://example.com' }],
    ]);
  });

  it('subscribes to events by name and returns the unsubscribe', () => {
    const off = vi.fn();
    const subscribe = vi.fn(() => off);
    const api = buildApi({ invoke: vi.fn(), subscribe });
    const listener = vi.fn();
    const unsubscribe = api.connections.onChanged(listener);
    expect(subscribe).toHaveBeenCalledWith(eventChannel('connections.changed'), listener);
    unsubscribe();
    expect(off).toHaveBeenCalled();
    expect(() => api.connections.onChanged('nope' as unknown as () => void)).toThrow(TypeError);
  });
});
