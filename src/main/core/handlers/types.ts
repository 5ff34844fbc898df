import type { z } from 'zod';
import type { CallName, Calls } from '../../../shared/ipc/contract';
import type { NativeDrag } from '../deps';

/** What a handler may know of the window that called: only what it needs, never Electron's objects. */
export interface CallContext {
  /** Starts a native drag of a file out of the calling window (`event.sender.startDrag`). */
  readonly startDrag?: ((drag: NativeDrag) => void) | undefined;
}

/** One handler per contract call: parsed request in, a value matching the response schema out. */
export type Handlers = {
  readonly [N in CallName]: (request: z.output<Calls[N]['request']>, context?: CallContext) => Promise<z.input<Calls[N]['response']>>;
};

export type HandlersFor<N extends CallName> = Pick<Handlers, N>;
