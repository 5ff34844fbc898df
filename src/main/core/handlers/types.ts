import type { z } from 'zod';
import type { CallName, Calls } from '../../../shared/ipc/contract';

/** One handler per contract call: parsed request in, a value matching the response schema out. */
export type Handlers = {
  readonly [N in CallName]: (request: z.output<Calls[N]['request']>) => Promise<z.input<Calls[N]['response']>>;
};

export type HandlersFor<N extends CallName> = Pick<Handlers, N>;
