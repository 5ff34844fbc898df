import { appCalls } from './app';
import { assetCalls } from './assets';
import { connectionCalls, connectionEvents } from './connections';
import { shellCalls } from './shell';

/** Every call the renderer can make. One map: main registers from it, the preload builds `window.gen` from it. */
export const CALLS = {
  ...appCalls,
  ...connectionCalls,
  ...shellCalls,
  ...assetCalls,
} as const;

/** Every event main sends to the renderer. */
export const EVENTS = {
  ...connectionEvents,
} as const;

export type Calls = typeof CALLS;
export type Events = typeof EVENTS;
export type CallName = keyof Calls;
export type EventName = keyof Events;

export * from './app';
export * from './assets';
export * from './connections';
export * from './shell';
