import type { GenApi } from '../../shared/ipc/api';

/** The bridge to main. Everything the renderer does outside the page goes through this object. */
export const gen: GenApi = window.gen;
