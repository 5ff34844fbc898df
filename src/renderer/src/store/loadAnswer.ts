import type { IpcResult } from '../../../shared/ipc/result';

/** Whether main has answered a store's first load, and why its last one brought nothing new (null when it did). */
export interface LoadState {
  readonly loaded: boolean;
  readonly error: string | null;
}

/** A store before main has answered. */
export const NOT_LOADED: LoadState = { loaded: false, error: null };

/**
 * What a store sets once main answers a load: what `take` makes of the value, with no error (unless `take` names
 * one: an answer may say why it holds nothing); or the failure's message alone, so what the store held stays
 * shown beside why it is not current.
 */
export function loadAnswer<T, P extends object>(result: IpcResult<T>, take: (value: T) => P): (P & LoadState) | LoadState {
  return result.ok ? { loaded: true, error: null, ...take(result.value) } : { loaded: true, error: result.error.message };
}
