import type { CoreBus } from '../bus/coreBus';
import type { ConnectionService } from '../connections/connectionService';
import type { CoreEvents } from '../events';
import type { KeyService } from '../keys/keyService';
import type { SpendingService } from '../spending/spendingService';

/** What the renderer is shown of connections, keys and spending, read when one of them changes. */
export interface AccountLists {
  readonly connections: Pick<ConnectionService, 'list'>;
  readonly keys: Pick<KeyService, 'list'>;
  readonly spending: Pick<SpendingService, 'cachedSummary'>;
}

/**
 * The renderer hears the core's changes as one subscriber of the bus among the others. A connection or key change
 * is told as all three lists, since each shows what the others changed (the active key, its spending).
 */
export function forwardToRenderer(bus: CoreBus, events: CoreEvents, lists: AccountLists): { spendingChanged: () => void; accountsChanged: () => void } {
  const spendingChanged = () => events.emit('spending.changed', lists.spending.cachedSummary());
  const accountsChanged = () => {
    events.emit('connections.changed', lists.connections.list());
    events.emit('keys.changed', lists.keys.list());
    spendingChanged();
  };
  bus.on('task.changed', (task) => events.emit('tasks.updated', task));
  bus.on('task.removed', (removed) => events.emit('tasks.removed', removed));
  bus.on('result.filed', (item) => events.emit('library.added', item));
  bus.on('settings.changed', (preferences) => events.emit('settings.changed', preferences));
  bus.on('spending.charged', spendingChanged);
  bus.on('connections.changed', accountsChanged);
  bus.on('keys.changed', accountsChanged);
  bus.on('sandbox.changed', () => events.emit('connections.changed', lists.connections.list()));
  return { spendingChanged, accountsChanged };
}
