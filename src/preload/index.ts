import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildApi } from '../shared/ipc/api';

/**
 * The whole bridge: `window.gen`, built from the IPC contract. No channel name, ipcRenderer or process state
 * reaches the page; the transport stays in this closure.
 */
const api = buildApi({
  invoke: (channel, request) => ipcRenderer.invoke(channel, request),
  subscribe: (channel, listener) => {
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
});

contextBridge.exposeInMainWorld('gen', api);
