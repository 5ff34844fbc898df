import { z } from 'zod';
import { CALLS, type CallName } from '../../shared/ipc/contract';
import { callChannel } from '../../shared/ipc/define';
import { fail, IpcFailure, ok, type IpcResult } from '../../shared/ipc/result';
import type { Logger, NativeDrag } from '../core/deps';
import type { CallContext, Handlers } from '../core/handlers/types';

/** Where a call came from, as the transport reports it. */
export interface SenderInfo {
  readonly url: string;
  readonly isMainFrame: boolean;
  /** The calling window's native drag (Electron's `event.sender.startDrag`), for calls that start one. */
  readonly startDrag?: ((drag: NativeDrag) => void) | undefined;
}

export type SenderCheck = (sender: SenderInfo) => boolean;

/** Trusts only the app's own top-level page, loaded from one of the given origins. */
export function trustOrigins(origins: readonly string[]): SenderCheck {
  return (sender) => {
    if (!sender.isMainFrame) return false;
    let origin: string;
    try {
      const url = new URL(sender.url);
      // Custom schemes have an opaque origin ("null"); compare scheme and host instead.
      origin = url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
    } catch {
      return false;
    }
    return origins.includes(origin);
  };
}

export interface Dispatcher {
  readonly channels: ReadonlyMap<string, CallName>;
  dispatch(name: CallName, request: unknown, sender: SenderInfo): Promise<IpcResult<unknown>>;
  /**
   * Runs a call once for no window, its answer dropped. A fresh process runs every handler and parser slowly
   * the first time (the contract's parsers compile their fast paths then): warming the call a window makes
   * first while the window is still loading keeps that out of the first second after it shows. Failures are
   * only logged.
   */
  warm(name: CallName, request: unknown): Promise<void>;
}

/**
 * The one wrapper every call goes through: it drops calls from untrusted frames, parses the arguments with
 * the contract's schema, runs the handler, and turns every failure into a typed result. Responses are parsed
 * too, which strips any field the contract does not name before it leaves main.
 */
export function createDispatcher(handlers: Handlers, isTrusted: SenderCheck, log: Logger): Dispatcher {
  const names = Object.keys(CALLS) as CallName[];
  const channels = new Map(names.map((name) => [callChannel(name), name]));

  async function dispatch(name: CallName, request: unknown, sender: SenderInfo): Promise<IpcResult<unknown>> {
    const spec = CALLS[name];
    if (!spec) return fail('invalid-request', 'Unknown call.');
    if (!isTrusted(sender)) {
      log.warn('dropped a call from an untrusted frame', { call: name, url: sender.url.slice(0, 200) });
      return fail('untrusted-sender', 'This page may not use Gen Studio’s functions.');
    }
    const parsed = spec.request.safeParse(request);
    if (!parsed.success) return fail('invalid-request', `${name}: ${z.prettifyError(parsed.error)}`);
    try {
      const handler = handlers[name] as (req: unknown, context: CallContext) => Promise<unknown>;
      const value = await handler(parsed.data, { startDrag: sender.startDrag });
      const response = spec.response.safeParse(value);
      if (!response.success) {
        log.error('a handler answered outside the contract', { call: name, issues: response.error.issues.length });
        return fail('internal', 'Gen Studio answered in an unexpected shape; the details are in the log.');
      }
      return ok(response.data);
    } catch (error) {
      if (error instanceof IpcFailure) return fail(error.code, error.message, error.issues, error.refusal, error.words);
      log.error('a call failed', { call: name, error: error instanceof Error ? error.name : 'unknown' });
      return fail('internal', 'Something went wrong in Gen Studio; the details are in the log.');
    }
  }

  async function warm(name: CallName, request: unknown): Promise<void> {
    const spec = CALLS[name];
    const parsed = spec.request.safeParse(request);
    if (!parsed.success) return log.warn('a warm-up call is outside the contract', { call: name });
    try {
      const handler = handlers[name] as (req: unknown, context: CallContext) => Promise<unknown>;
      spec.response.safeParse(await handler(parsed.data, { startDrag: undefined }));
    } catch (error) {
      log.warn('a warm-up call failed', { call: name, error: error instanceof Error ? error.name : 'unknown' });
    }
  }

  return { channels, dispatch, warm };
}
