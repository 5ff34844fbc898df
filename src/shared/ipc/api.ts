import type { z } from 'zod';
import { CALLS, EVENTS, type CallName, type Calls, type EventName, type Events } from './contract';
import { callChannel, callMethodName, eventChannel, eventMethodName } from './define';
import type { IpcResult } from './result';

export type CallRequest<N extends CallName> = z.input<Calls[N]['request']>;
export type CallResponse<N extends CallName> = z.output<Calls[N]['response']>;
export type EventPayload<N extends EventName> = z.output<Events[N]['payload']>;

type Namespace<N extends string> = N extends `${infer NS}.${string}` ? NS : never;
type Method<N extends string> = N extends `${string}.${infer M}` ? M : never;

type CallFunction<N extends CallName> =
  CallRequest<N> extends undefined
    ? () => Promise<IpcResult<CallResponse<N>>>
    : (request: CallRequest<N>) => Promise<IpcResult<CallResponse<N>>>;

type Unsubscribe = () => void;

type CallsOf<NS extends string> = {
  readonly [N in CallName as Namespace<N> extends NS ? Method<N> : never]: CallFunction<N>;
};
type EventsOf<NS extends string> = {
  readonly [N in EventName as Namespace<N> extends NS ? `on${Capitalize<Method<N>>}` : never]: (
    listener: (payload: EventPayload<N>) => void,
  ) => Unsubscribe;
};

/** The type of `window.gen`, derived from the contract: `gen.tasks.submit(...)`, `gen.tasks.onUpdated(...)`. */
export type GenApi = {
  readonly [NS in Namespace<CallName> | Namespace<EventName>]: CallsOf<NS> & EventsOf<NS>;
};

/** How an API object reaches main: ipcRenderer in the preload, a Playwright binding in the browser harness. */
export interface IpcTransport {
  invoke(channel: string, request: unknown): Promise<unknown>;
  subscribe(channel: string, listener: (payload: unknown) => void): Unsubscribe;
}

/**
 * Builds the API object from the contract. Only contract names become methods, so nothing else can be
 * called through it; the transport itself is never handed out.
 */
export function buildApi(transport: IpcTransport): GenApi {
  const api: Record<string, Record<string, unknown>> = {};
  const ns = (name: string) => (api[name] ??= {});
  for (const name of Object.keys(CALLS)) {
    const { namespace, method } = callMethodName(name);
    const channel = callChannel(name);
    ns(namespace)[method] = (request?: unknown) => transport.invoke(channel, request);
  }
  for (const name of Object.keys(EVENTS)) {
    const { namespace, method } = eventMethodName(name);
    const channel = eventChannel(name);
    ns(namespace)[method] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${name}: listener must be a function`);
      return transport.subscribe(channel, listener);
    };
  }
  return api as unknown as GenApi;
}
