/**
 * The browser harness's stand-in for the preload: it builds `window.gen` from the same contract with
 * `buildApi`, over a Playwright binding instead of ipcRenderer. Injected as an init script.
 */
import { buildApi } from '../../src/shared/ipc/api';
import { decodeWire, encodeWire } from './wire';

type Listener = (payload: unknown) => void;

interface HarnessWindow {
  __genInvoke?: (channel: string, request: unknown) => Promise<unknown>;
  __genDeliver?: (channel: string, payload: unknown) => void;
}

function deepFreeze<T extends object>(value: T): T {
  for (const v of Object.values(value)) if (v && typeof v === 'object') deepFreeze(v as object);
  return Object.freeze(value);
}

if (window.top === window) {
  const host = window as unknown as HarnessWindow;
  const listeners = new Map<string, Set<Listener>>();

  host.__genDeliver = (channel, payload) => {
    for (const listener of listeners.get(channel) ?? []) listener(decodeWire(payload));
  };

  const api = buildApi({
    invoke: async (channel, request) => {
      const invoke = host.__genInvoke;
      if (!invoke) throw new Error('The harness binding is not installed');
      return decodeWire(await invoke(channel, encodeWire(request)));
    },
    subscribe: (channel, listener) => {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  });

  Object.defineProperty(window, 'gen', { value: deepFreeze(api), writable: false, configurable: false, enumerable: true });
}
