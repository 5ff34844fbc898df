import type { GenApi } from '../../shared/ipc/api';
import type { IpcError, IpcResult } from '../../shared/ipc/result';

/** The bridge to main. Everything the renderer does outside the page goes through this object. */
export const gen: GenApi = window.gen;

/** Thrown by `unwrap` so a caller that cannot go on without a value gets the typed error. */
export class GenError extends Error {
  constructor(readonly error: IpcError) {
    super(error.message);
    this.name = 'GenError';
  }
}

export function unwrap<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new GenError(result.error);
  return result.value;
}
