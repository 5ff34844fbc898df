import type { z } from 'zod';

/** One request/response call. A request schema of `z.undefined()` makes a call that takes no argument. */
export interface CallSpec<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly request: Req;
  readonly response: Res;
}

/** One event from main to the renderer. */
export interface EventSpec<Payload extends z.ZodType = z.ZodType> {
  readonly payload: Payload;
}

export const call = <Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res): CallSpec<Req, Res> => ({
  request,
  response,
});

export const event = <Payload extends z.ZodType>(payload: Payload): EventSpec<Payload> => ({ payload });


export const callChannel = (name: string) => `gen:call:${name}`;
export const eventChannel = (name: string) => `gen:event:${name}`;

/** `tasks.updated` is subscribed to as `gen.tasks.onUpdated(listener)`. */
export function eventMethodName(eventName: string): { namespace: string; method: string } {
  const dot = eventName.indexOf('.');
  const namespace = eventName.slice(0, dot);
  const name = eventName.slice(dot + 1);
  return { namespace, method: `on${name.charAt(0).toUpperCase()}${name.slice(1)}` };
}

export function callMethodName(callName: string): { namespace: string; method: string } {
  const dot = callName.indexOf('.');
  return { namespace: callName.slice(0, dot), method: callName.slice(dot + 1) };
}
