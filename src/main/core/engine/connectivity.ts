import type { ConnectionStatus } from '../../../shared/ipc/contract';
import { told } from '../../../shared/i18n/say';
import type { Words } from '../../../shared/i18n/words';
import type { Clock } from '../deps';
import { send } from '../net/httpClient';
import { msg } from './messages';
import type { Scheduler } from './scheduler';

const PROBE_FIRST_MS = 2000;
const PROBE_MAX_MS = 30_000;

type Listener = (status: ConnectionStatus) => void;

/**
 * Whether each connection answers. A request that never reached the service marks it offline; then its base
 * address is asked (without the key) at growing intervals until anything answers, and listeners hear it is
 * back. Any answer from the service marks it online at once.
 */
export class Connectivity {
  private readonly states = new Map<string, ConnectionStatus>();
  private readonly probes = new Map<string, number>();
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly fetchFn: typeof fetch,
    private readonly random: () => number,
    private readonly baseUrlOf: (connectionId: string) => Promise<string | undefined>,
  ) {}

  status(connectionId: string): ConnectionStatus {
    return this.states.get(connectionId) ?? { id: connectionId, state: 'unknown', ...told(msg.notContactedYet), since: this.clock.now() };
  }

  isOffline(connectionId: string): boolean {
    return this.states.get(connectionId)?.state === 'offline';
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(connectionId: string, state: ConnectionStatus['state'], said: Words): void {
    const previous = this.states.get(connectionId);
    if (previous?.state === state) return;
    const status: ConnectionStatus = { id: connectionId, state, ...told(said), since: this.clock.now() };
    this.states.set(connectionId, status);
    for (const l of this.listeners) l(status);
  }

  markOnline(connectionId: string): void {
    this.probes.delete(connectionId);
    this.scheduler.cancel(`probe:${connectionId}`);
    this.set(connectionId, 'online', msg.serviceAnswers);
  }

  markOffline(connectionId: string, why: string): void {
    this.set(connectionId, 'offline', msg.serviceDoesNotAnswer(why));
    if (!this.probes.has(connectionId)) this.scheduleProbe(connectionId, 0);
  }

  /** Asks now, e.g. when the user presses Send. */
  probeNow(connectionId: string): void {
    this.scheduleProbe(connectionId, 0, 0);
  }

  private scheduleProbe(connectionId: string, attempt: number, delay?: number): void {
    this.probes.set(connectionId, attempt);
    const wait = delay ?? Math.min(PROBE_MAX_MS, PROBE_FIRST_MS * 2 ** attempt) * (0.5 + this.random() / 2);
    this.scheduler.schedule(`probe:${connectionId}`, this.clock.now() + wait, () => void this.probe(connectionId));
  }

  private async probe(connectionId: string): Promise<void> {
    const base = await this.baseUrlOf(connectionId).catch(() => undefined);
    if (!base) return;
    const out = await send(this.fetchFn, this.clock, { url: `${base}/`, method: 'GET', timeoutMs: 10_000 });
    if (out.kind === 'answer') {
      this.markOnline(connectionId);
      return;
    }
    const attempt = (this.probes.get(connectionId) ?? 0) + 1;
    if (out.kind === 'network' && !out.reached) this.set(connectionId, 'offline', msg.serviceDoesNotAnswer(out.message));
    this.scheduleProbe(connectionId, attempt);
  }
}
