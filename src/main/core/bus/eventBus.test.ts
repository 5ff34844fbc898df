import { describe, expect, it } from 'vitest';
import { EventBus } from './eventBus';

interface Events {
  'task.changed': { readonly id: string; readonly state: string };
  'keys.changed': void;
}

function busWithLog() {
  const errors: Array<{ message: string; data?: Readonly<Record<string, unknown>> }> = [];
  const bus = new EventBus<Events>({ error: (message, data) => void errors.push({ message, ...(data ? { data } : {}) }) });
  return { bus, errors };
}

describe('EventBus', () => {
  it('tells subscribers synchronously, in the order they subscribed', () => {
    const { bus } = busWithLog();
    const heard: string[] = [];
    bus.on('task.changed', (t) => heard.push(`first ${t.id}`));
    bus.on('task.changed', (t) => heard.push(`second ${t.id}`));
    bus.on('keys.changed', () => heard.push('keys'));
    bus.emit('task.changed', { id: 'a', state: 'running' });
    heard.push('after');
    bus.emit('keys.changed');
    expect(heard).toEqual(['first a', 'second a', 'after', 'keys']);
  });

  it('logs a subscriber that throws and still tells the ones after it', () => {
    const { bus, errors } = busWithLog();
    const heard: string[] = [];
    bus.on('task.changed', () => {
      throw new Error('broken listener');
    });
    bus.on('task.changed', (t) => heard.push(t.id));
    expect(() => bus.emit('task.changed', { id: 'b', state: 'done' })).not.toThrow();
    expect(heard).toEqual(['b']);
    expect(errors).toEqual([{ message: expect.stringContaining('subscriber') as string, data: { event: 'task.changed', error: 'Error: broken listener' } }]);
  });

  it('stops telling a subscriber once it unsubscribes, and only that subscription', () => {
    const { bus } = busWithLog();
    const heard: string[] = [];
    const listener = (t: { id: string }) => heard.push(t.id);
    const off = bus.on('task.changed', listener);
    bus.on('task.changed', listener);
    bus.emit('task.changed', { id: 'c', state: 'queued' });
    off();
    off();
    bus.emit('task.changed', { id: 'd', state: 'queued' });
    expect(heard).toEqual(['c', 'c', 'd']);
  });

  it('lets a subscriber unsubscribe while being told, without skipping the others of that emit', () => {
    const { bus } = busWithLog();
    const heard: string[] = [];
    const off = bus.on('task.changed', () => {
      heard.push('once');
      off();
    });
    bus.on('task.changed', (t) => heard.push(t.id));
    bus.emit('task.changed', { id: 'e', state: 'done' });
    bus.emit('task.changed', { id: 'f', state: 'done' });
    expect(heard).toEqual(['once', 'e', 'f']);
  });

  it('types each payload by its event (checked by npm run typecheck)', () => {
    const { bus } = busWithLog();
    // @ts-expect-error: a task change carries the task, not a number
    bus.emit('task.changed', 42);
    // @ts-expect-error: the payload lacks the task's state
    bus.emit('task.changed', { id: 'g' });
    // @ts-expect-error: an event with no payload takes none
    bus.emit('keys.changed', { id: 'h' });
    // @ts-expect-error: no such event
    bus.on('task.finished', () => undefined);
    // @ts-expect-error: the listener of a task change reads the task's fields, not another event's
    bus.on('task.changed', (t: { keyId: string }) => t.keyId);
    expect(true).toBe(true);
  });
});
