import { IpcFailure } from '../../../shared/ipc/result';

/** The refusal a call ends in, for a test that reads its words and its English; fails the test when it is not refused. */
export async function refusalOf(call: Promise<unknown> | (() => unknown)): Promise<IpcFailure> {
  try {
    await (typeof call === 'function' ? call() : call);
  } catch (error) {
    if (error instanceof IpcFailure) return error;
    throw error;
  }
  throw new Error('not refused');
}
