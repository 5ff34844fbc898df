import { z } from 'zod';
import { WordsSchema, type Words } from '../i18n/words';
import { CapRefusalSchema, type CapRefusal } from '../spending/capRefusal';

/** Error classes a call can end with; the renderer decides what to show from the code, never from the text. */
const IPC_ERROR_CODES = [
  /** the arguments did not match the contract */
  'invalid-request',
  /** the call came from a frame the app does not trust */
  'untrusted-sender',
  /** the request breaks the catalog's rules; `issues` holds them in the service's 422 shape */
  'validation',
  'not-found',
  'conflict',
  /** a needed service is out of reach (network, keychain) */
  'unavailable',
  /** the key was refused (401/403) */
  'key-rejected',
  /** not enough credits (402) */
  'no-credits',
  /** a local spending cap would be crossed */
  'spending-cap',
  /** the file or input could not be read or decoded */
  'bad-input',
  'internal',
] as const;
export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number];

export const ValidationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
  /** `msg` as words where the app's own checks made it (the service's issues have none) */
  words: WordsSchema.optional(),
});

export const IpcErrorSchema = z.object({
  code: z.enum(IPC_ERROR_CODES),
  message: z.string(),
  issues: z.array(ValidationIssueSchema).optional(),
  /** a `spending-cap` refusal as data: the renderer makes its words from it (capRefusalWords), never from `message` */
  refusal: CapRefusalSchema.optional(),
  /** `message` as words, said by the renderer in the language on screen (old readers and the log keep `message`) */
  words: WordsSchema.optional(),
});
export type IpcError = z.infer<typeof IpcErrorSchema>;

export type IpcResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError };

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });
export const fail = (code: IpcErrorCode, message: string, issues?: IpcError['issues'], refusal?: CapRefusal, said?: Words): IpcResult<never> => ({
  ok: false,
  error: { code, message, ...(issues ? { issues } : {}), ...(refusal ? { refusal } : {}), ...(said ? { words: said } : {}) },
});

/**
 * Thrown inside main-process handlers to end a call with a typed error; the dispatcher turns it into an
 * `{ok: false}` result. Anything else thrown becomes `internal` with a generic message, so no stack trace or
 * secret leaves main by accident.
 */
export class IpcFailure extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly issues?: IpcError['issues'],
    readonly refusal?: CapRefusal,
    /** `message` as words (main's `refusedWith` gives both); text given as it is, such as the service's own, has none */
    readonly words?: Words,
  ) {
    super(message);
    this.name = 'IpcFailure';
  }
}
