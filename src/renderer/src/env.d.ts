import type { GenApi } from '../../shared/ipc/api';

declare global {
  interface Window {
    /** The preload bridge; its type is derived from the IPC contract. */
    readonly gen: GenApi;
  }
}
