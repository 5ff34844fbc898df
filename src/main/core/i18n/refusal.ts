import type { IpcError, IpcErrorCode } from '../../../shared/ipc/result';
import { IpcFailure } from '../../../shared/ipc/result';
import { english } from '../../../shared/i18n/say';
import type { Words } from '../../../shared/i18n/words';

/**
 * A refusal in words: the window says it in the artist's language, the log and older readers read its English.
 * Made here, in main, so the preload's bundle (which carries the contract and `IpcFailure`) stays free of catalogs.
 */
export const refusedWith = (code: IpcErrorCode, said: Words, issues?: IpcError['issues']): IpcFailure => new IpcFailure(code, english(said), issues, undefined, said);

/** What a caught error says: its words where main gave them, its text where it has only text, else `fallback`. */
export const saidOf = (error: unknown, fallback: Words): Words | string =>
  error instanceof IpcFailure && error.words ? error.words : error instanceof Error ? error.message : fallback;

/** A refusal of text main already holds with its words beside it (the keychain's state): said as words when it has them. */
export const refusedTold = (code: IpcErrorCode, told: { readonly message: string; readonly words?: Words | undefined }): IpcFailure =>
  told.words ? refusedWith(code, told.words) : new IpcFailure(code, told.message);
