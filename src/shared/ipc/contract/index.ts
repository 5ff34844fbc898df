import { appCalls, appEvents } from './app';
import { assetCalls, assetEvents } from './assets';
import { batchCalls, batchEvents } from './batch';
import { clipboardCalls } from './clipboard';
import { connectionCalls, connectionEvents } from './connections';
import { editorCalls, editorEvents } from './editor';
import { exploreCalls, exploreEvents } from './explore';
import { keyCalls, keyEvents } from './keys';
import { layerCalls } from './layers';
import { projectCalls, projectEvents, projectFileCalls, projectFileEvents } from './projects';
import { finetuneCalls } from './finetunes';
import { galleryCalls, libraryCalls, libraryEvents } from './library';
import { settingsCalls, settingsEvents } from './settings';
import { shellCalls } from './shell';
import { spendingCalls, spendingEstimateCalls, spendingEvents } from './spending';
import { taskCalls, taskEvents } from './tasks';
import { updateCalls, updateEvents } from './updates';

/** Every call the renderer can make. One map: main registers from it, the preload builds `window.gen` from it. */
export const CALLS = {
  ...appCalls,
  ...connectionCalls,
  ...shellCalls,
  ...assetCalls,
  ...keyCalls,
  ...settingsCalls,
  ...taskCalls,
  ...libraryCalls,
  ...spendingCalls,
  ...projectCalls,
  ...projectFileCalls,
  ...updateCalls,
  ...spendingEstimateCalls,
  ...galleryCalls,
  ...finetuneCalls,
  ...exploreCalls,
  ...batchCalls,
  ...editorCalls,
  ...clipboardCalls,
  ...layerCalls,
} as const;

/** Every event main sends to the renderer. */
export const EVENTS = {
  ...appEvents,
  ...connectionEvents,
  ...keyEvents,
  ...settingsEvents,
  ...taskEvents,
  ...libraryEvents,
  ...spendingEvents,
  ...projectEvents,
  ...projectFileEvents,
  ...updateEvents,
  ...exploreEvents,
  ...batchEvents,
  ...assetEvents,
  ...editorEvents,
} as const;

export type Calls = typeof CALLS;
export type Events = typeof EVENTS;
export type CallName = keyof Calls;
export type EventName = keyof Events;

export * from './app';
export * from './assets';
export * from './layers';
export * from './batch';
export * from './clipboard';
export * from './connections';
export * from './editor';
export * from './explore';
export * from './finetunes';
export * from './keys';
export * from './library';
export * from './projects';
export * from './settings';
export * from './shell';
export * from './spending';
export * from './tasks';
export * from './updates';
