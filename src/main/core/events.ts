import { EVENTS, type EventName } from '../../shared/ipc/contract';
import type { EventPayload } from '../../shared/ipc/api';
import { eventChannel } from '../../shared/ipc/define';

export type EventSink = (channel: string, payload: unknown) => void;

/** Typed events from the core to every attached renderer. Payloads pass the contract's schema on the way out. */
export class CoreEvents {
  private readonly sinks = new Set<EventSink>();

  emit<N extends EventName>(name: N, payload: EventPayload<N>): void {
    const parsed = EVENTS[name].payload.parse(payload);
    const channel = eventChannel(name);
    for (const sink of this.sinks) sink(channel, parsed);
  }

  attach(sink: EventSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }
}
