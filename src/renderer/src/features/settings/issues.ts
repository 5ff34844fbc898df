import type { IpcError } from '../../../../shared/ipc/result';

/** The message for one form field from a failed call's issues (`loc: ['body', field]`). */
export function issueFor(error: IpcError | null, field: string): string | undefined {
  return error?.issues?.find((i) => i.loc[0] === 'body' && i.loc[1] === field)?.msg;
}

/** The call's message when no field issue says it already. */
export function generalError(error: IpcError | null): string | undefined {
  if (!error) return undefined;
  return error.issues?.length ? undefined : error.message;
}
