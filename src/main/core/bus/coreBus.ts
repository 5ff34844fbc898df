import type { LibraryItem, Preferences, TaskInfo } from '../../../shared/ipc/contract';
import type { EventBus } from './eventBus';

/**
 * What happens in the core that more than one service hears of. The renderer is told through `CoreEvents`
 * (events.ts), one subscriber among the others (wiring/rendererEvents.ts).
 */
export interface CoreBusEvents {
  /** a task was made or moved on (state, progress, result): Explore, Batch, notifications, credits and updates hear it */
  'task.changed': TaskInfo;
  /** a task left the list */
  'task.removed': { readonly id: string };
  /** a result was filed in the gallery */
  'result.filed': LibraryItem;
  /** the engine charged or settled a task on this key */
  'spending.charged': { readonly keyId: string };
  /** the artist's preferences changed (not the other settings: connections, ports) */
  'settings.changed': Preferences;
  /** a connection was added, changed or removed, or the active one changed: its keys and spending follow */
  'connections.changed': void;
  /** a key was added, checked or removed */
  'keys.changed': void;
  /** the built-in Sandbox started, stopped or moved: its connection's address or state */
  'sandbox.changed': void;
}

export type CoreBus = EventBus<CoreBusEvents>;
