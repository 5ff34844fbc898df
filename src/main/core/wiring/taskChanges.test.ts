import { describe, expect, it } from 'vitest';
import type { TaskInfo } from '../../../shared/ipc/contract';
import { EventBus } from '../bus/eventBus';
import type { CoreBusEvents } from '../bus/coreBus';
import { wireTaskChanges } from './taskChanges';

const task = (id: string, state: TaskInfo['state']) => ({ id, state }) as TaskInfo;

/** Every consumer of a task change, recording what it heard. */
function consumers() {
  const heard: string[] = [];
  const named = (who: string) => ({ taskChanged: (t: TaskInfo) => void heard.push(`${who} ${t.id} ${t.state}`) });
  return {
    heard,
    listeners: {
      runs: [named('explore'), named('batch')],
      notifyFinished: (t: TaskInfo) => void heard.push(`notifications ${t.id} ${t.state}`),
      credits: { setActive: (active: boolean) => void heard.push(`credits ${active ? 'active' : 'idle'}`), charged: (keyId: string) => void heard.push(`credits charged ${keyId}`) },
      updates: { tasksChanged: () => void heard.push('updates') },
    },
  };
}

describe('who hears that a task changed', () => {
  it('Explore, Batch, the notifications, the credit refresh and the updater each hear every change, in that order', () => {
    const bus = new EventBus<CoreBusEvents>({ error: () => undefined });
    const { heard, listeners } = consumers();
    wireTaskChanges(bus, listeners);
    bus.emit('task.changed', task('t1', 'running'));
    bus.emit('task.changed', task('t1', 'done'));
    bus.emit('task.removed', { id: 't1' });
    bus.emit('spending.charged', { keyId: 'k1' });
    expect(heard).toEqual([
      'explore t1 running', 'batch t1 running', 'notifications t1 running', 'credits active', 'updates',
      'explore t1 done', 'batch t1 done', 'notifications t1 done', 'credits idle', 'updates',
      'updates',
      'credits charged k1',
    ]);
  });

  it('a consumer that throws does not keep the others from hearing', () => {
    const errors: string[] = [];
    const bus = new EventBus<CoreBusEvents>({ error: (message) => void errors.push(message) });
    const { heard, listeners } = consumers();
    wireTaskChanges(bus, {
      ...listeners,
      runs: [{ taskChanged: () => { throw new Error('explore broke'); } }, listeners.runs[1]!],
    });
    bus.emit('task.changed', task('t2', 'failed'));
    expect(heard).toEqual(['batch t2 failed', 'notifications t2 failed', 'credits idle', 'updates']);
    expect(errors).toHaveLength(1);
  });

  it('stops telling them once unwired', () => {
    const bus = new EventBus<CoreBusEvents>({ error: () => undefined });
    const { heard, listeners } = consumers();
    wireTaskChanges(bus, listeners)();
    bus.emit('task.changed', task('t3', 'running'));
    expect(heard).toEqual([]);
  });
});
