import type { Logger } from '../deps';

/** What a subscriber is handed: the payload of its event, typed by the event map. */
export type Listener<P> = (payload: P) => void;

/**
 * A small typed event bus keyed by an event map: `emit('task.changed', info)` type-checks the payload against the
 * map. Delivery is synchronous and in the order of subscription, so a subscriber sees each change before the
 * emitter goes on. A subscriber that throws is logged and passed over: the others are still told.
 */
export class EventBus<M extends object> {
  private readonly listeners = new Map<keyof M, Set<Listener<never>>>();

  constructor(private readonly log: Pick<Logger, 'error'>) {}

  /** Hears every later `name`; answers a function that stops it (calling it twice does no harm). */
  on<K extends keyof M>(name: K, listener: Listener<M[K]>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    // Each subscription is its own entry, so the same function subscribed twice is told twice and removed once.
    const entry: Listener<M[K]> = (payload) => listener(payload);
    set.add(entry);
    return () => void set.delete(entry);
  }

  /** Tells every subscriber of `name`; an event whose payload is `void` is emitted by its name alone. */
  emit<K extends keyof M>(name: K, ...[payload]: M[K] extends void ? [] : [M[K]]): void {
    const set = this.listeners.get(name);
    if (!set) return;
    // A copy: a subscriber that subscribes or unsubscribes while being told changes the next emit, not this one.
    for (const listener of [...set] as Listener<M[K] | undefined>[]) {
      try {
        listener(payload);
      } catch (error) {
        this.log.error('a subscriber of a core event failed; the others were told', { event: String(name), error: String(error) });
      }
    }
  }
}
