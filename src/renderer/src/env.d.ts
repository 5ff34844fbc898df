import type { GenApi } from '../../shared/ipc/api';

declare global {
  /** Vite's build facts: DEV is true in `electron-vite dev` and the tests, false in a build. */
  interface ImportMetaEnv {
    readonly DEV: boolean;
  }
  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
  interface Window {
    /** The preload bridge; its type is derived from the IPC contract. */
    readonly gen: GenApi;
  }
}
