import { findEndpoint } from '../../../shared/catalog/catalog';
import type { SpendingCaps, SpendingHistory, SpendingPeriod, SpendingRun, SpendingSummary, UnsettledTask } from '../../../shared/ipc/contract';
import { SPENDING_PERIODS } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { basisWords, estimatePrice, type PriceEstimate } from '../../../shared/pricing/priceModel';
import { defaultUsage, type Usage } from '../../../shared/pricing/usage';
import { SANDBOX_KEY_ID } from '../connections/builtinIds';
import type { ConnectionService, ResolvedConnection } from '../connections/connectionService';
import { fetchCredits, type ProbeDeps } from '../keys/keyProbe';
import type { SettingsService } from '../settings/settingsService';
import { biggestRuns, dailySpending } from './history';
import type { LedgerEntry, SpendingLedger } from './ledger';
import { PERIOD_WORDS, periodStarts } from './periods';
import type { SettleQuestion } from './settleConfirm';

const NO_CAPS: SpendingCaps = { day: null, week: null, month: null };
export const CREDITS_CACHE_MS = 60_000;

const fmt = (n: number) => (Math.round(n * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * Spending per key for today, this week and this month, the user's caps on each, and the balance where the
 * connection tells it. A submission that would cross a cap is refused before it is sent.
 */
export class SpendingService {
  private readonly creditCache = new Map<string, { at: number; credits: number | null; note: string }>();
  private readonly creditsAsking = new Map<string, Promise<{ credits: number | null; note: string }>>();

  constructor(
    private readonly ledger: SpendingLedger,
    private readonly settings: SettingsService,
    private readonly connections: ConnectionService,
    private readonly probe: ProbeDeps,
  ) {}

  caps(keyId: string): SpendingCaps {
    // Own entries only: a key id like `__proto__` must not read what every object inherits.
    const caps = this.settings.get().spendingCaps;
    return Object.hasOwn(caps, keyId) ? caps[keyId]! : NO_CAPS;
  }

  setCaps(keyId: string, caps: SpendingCaps): void {
    if (keyId !== SANDBOX_KEY_ID && !this.settings.get().keys.some((k) => k.id === keyId)) {
      throw new IpcFailure('not-found', 'That key no longer exists.');
    }
    this.settings.update((s) => {
      if (caps.day === null && caps.week === null && caps.month === null) delete s.spendingCaps[keyId];
      else s.spendingCaps[keyId] = caps;
    });
  }

  keyLabel(keyId: string): string {
    if (keyId === SANDBOX_KEY_ID) return 'Sandbox';
    return this.settings.get().keys.find((k) => k.id === keyId)?.label ?? 'removed key';
  }

  /** The key the active connection charges (or the Sandbox's). */
  activeKeyId(): string {
    return this.connections.keyIdOf(this.connections.activeId()) ?? SANDBOX_KEY_ID;
  }

  async summary(keyId: string = this.activeKeyId()): Promise<SpendingSummary> {
    // A removed key's spending can still be shown (the ledger knows it); an id nothing knows is not a key.
    if (keyId !== SANDBOX_KEY_ID && !this.settings.get().keys.some((k) => k.id === keyId) && !this.ledger.knowsKey(keyId)) {
      throw new IpcFailure('not-found', 'There is no key with that id; it may have been removed.');
    }
    const { credits, note } = await this.credits(keyId);
    return {
      keyId,
      keyLabel: this.keyLabel(keyId),
      totals: this.ledger.totals(keyId, this.probe.clock.now()),
      caps: this.caps(keyId),
      credits,
      creditsNote: note,
      unsettled: this.unsettled(keyId),
    };
  }

  /** The summary without asking the service for the balance (for events, which must not wait on the network). */
  cachedSummary(keyId: string = this.activeKeyId()): SpendingSummary {
    const cached = this.creditCache.get(keyId);
    return {
      keyId,
      keyLabel: this.keyLabel(keyId),
      totals: this.ledger.totals(keyId, this.probe.clock.now()),
      caps: this.caps(keyId),
      credits: cached?.credits ?? null,
      creditsNote: cached?.note ?? 'Balance not asked yet.',
      unsettled: this.unsettled(keyId),
    };
  }

  /**
   * Credits per day and model for the last 30 days, and the costliest runs; `describe` says what a run was (its
   * prompt and its result in the gallery), from the gallery or the queue.
   */
  history(keyId: string = this.activeKeyId(), describe: (taskId: string, endpointId: string) => Pick<SpendingRun, 'prompt' | 'resultId'>): SpendingHistory {
    const now = this.probe.clock.now();
    const entries = this.ledger.all();
    const days = dailySpending(entries, keyId, now);
    const title = (id: string) => findEndpoint(id)?.title ?? id;
    const totals = new Map<string, number>();
    for (const day of days) for (const [id, cost] of Object.entries(day.byModel)) totals.set(id, (totals.get(id) ?? 0) + cost);
    const models = [...totals].map(([id, total]) => ({ id, title: title(id), total: Math.round(total * 100) / 100 })).sort((a, b) => b.total - a.total || a.title.localeCompare(b.title));
    const biggest = biggestRuns(entries, keyId, now, (taskId, endpointId) => ({ modelTitle: title(endpointId), ...describe(taskId, endpointId) }));
    return { keyId, keyLabel: this.keyLabel(keyId), days, models, caps: this.caps(keyId), biggest };
  }

  /** Tasks of the key whose outcome is unknown, oldest first, each at what it is counted against the caps. */
  unsettled(keyId: string): UnsettledTask[] {
    return this.ledger
      .unsettledEntries(keyId)
      .sort((a, b) => a.at - b.at)
      .map((e) => ({ id: e.taskId, endpointTitle: findEndpoint(e.endpointId)?.title ?? e.endpointId, at: e.at, estimate: this.heldAt(e) ?? null }));
  }

  /**
   * The user settles a task whose outcome was unknown: charged (at the cost given, else at its estimate) or not.
   * Answers with the summary of the key it belonged to.
   */
  async settle(id: string, charged: boolean, cost?: number): Promise<{ keyId: string }> {
    const entry = this.ledger.entry(id);
    if (!entry?.unsettled) throw new IpcFailure('not-found', 'That task has been settled already.');
    const price = charged ? (cost ?? this.heldAt(entry)) : entry.cost;
    if (price === undefined) throw new IpcFailure('validation', 'Nothing has a price yet to count this task at: say what it cost.');
    await this.ledger.resolve(id, charged, price);
    this.invalidateCredits(entry.keyId);
    return { keyId: entry.keyId };
  }

  /**
   * The question main asks itself before a settlement that lowers what the caps count (settleConfirm.ts): not
   * charged, or charged below what the task is held at. Null when the settlement counts as much or more.
   */
  settleQuestion(id: string, charged: boolean, cost?: number): SettleQuestion | null {
    const entry = this.ledger.entry(id);
    if (!entry?.unsettled) return null;
    const held = this.heldAt(entry);
    const settledAt = charged ? (cost ?? held) : 0;
    if (settledAt === undefined || (held !== undefined && settledAt >= held)) return null;
    return { keyLabel: this.keyLabel(entry.keyId), what: findEndpoint(entry.endpointId)?.title ?? entry.endpointId, at: entry.at, heldAt: held ?? null, settledAt };
  }

  /** What an unsettled entry is counted at: its own cost, or (when nothing was priced when it was sent) today's estimate. */
  private heldAt(e: LedgerEntry): number | undefined {
    return e.unpriced ? this.estimate(e.keyId, e.endpointId, e.usage)?.cost : e.cost;
  }

  /** What tasks of the key whose outcome is unknown are counted at, per period (by when they were sent). */
  private held(keyId: string, now: number): { amounts: Record<SpendingPeriod, number>; count: number; unpriced: number } {
    const starts = periodStarts(now);
    const amounts = { day: 0, week: 0, month: 0 };
    let unpriced = 0;
    const entries = this.ledger.unsettledEntries(keyId);
    for (const e of entries) {
      const cost = this.heldAt(e);
      if (cost === undefined) {
        unpriced++;
        continue;
      }
      for (const p of SPENDING_PERIODS) if (e.at >= starts[p]) amounts[p] += cost;
    }
    return { amounts, count: entries.length, unpriced };
  }

  private connectionOfKey(keyId: string): string | undefined {
    if (keyId === SANDBOX_KEY_ID) return 'sandbox';
    return this.settings.get().keys.find((k) => k.id === keyId)?.connectionId;
  }

  private credits(keyId: string): Promise<{ credits: number | null; note: string }> {
    const cached = this.creditCache.get(keyId);
    if (cached && this.probe.clock.now() - cached.at < CREDITS_CACHE_MS) return Promise.resolve(cached);
    // One question at a time per key: the window's first ask joins the one made while it loaded.
    let asking = this.creditsAsking.get(keyId);
    if (!asking) {
      asking = this.askCredits(keyId).finally(() => this.creditsAsking.delete(keyId));
      this.creditsAsking.set(keyId, asking);
    }
    return asking;
  }

  private async askCredits(keyId: string): Promise<{ credits: number | null; note: string }> {
    const now = this.probe.clock.now();
    const connectionId = this.connectionOfKey(keyId);
    let answer: { credits: number | null; note: string };
    let conn: ResolvedConnection | undefined;
    try {
      conn = connectionId ? await this.connections.resolve(connectionId, keyId === SANDBOX_KEY_ID ? undefined : keyId) : undefined;
    } catch (error) {
      answer = { credits: null, note: error instanceof Error ? error.message : 'The key is not available.' };
    }
    if (conn) {
      const out = await fetchCredits(conn, this.probe);
      answer =
        'credits' in out
          ? { credits: out.credits, note: conn.kind === 'sandbox' ? 'Simulated sandbox credits.' : 'Balance reported by the service.' }
          : { credits: null, note: out.kind === 'answer' ? 'This connection does not report a balance.' : 'The balance could not be asked (no answer).' };
    }
    answer ??= { credits: null, note: 'No connection for this key.' };
    this.creditCache.set(keyId, { ...answer, at: now });
    return answer;
  }

  /** Forgets the cached balance, e.g. after a task was charged. */
  invalidateCredits(keyId: string): void {
    this.creditCache.delete(keyId);
  }

  /**
   * Refuses a submission that would cross a cap. The cost of a task is known only once the service answers,
   * so the request is estimated (`estimate`), and `reserved` is what tasks of the key still on their way, not
   * yet priced by the service, are estimated to cost. Where no estimate exists, one request at a time is let
   * through to learn the price (never several, which could cross a cap unseen), and only while the caps have room.
   */
  check(keyId: string, endpointId: string, usage: Usage | undefined, reserved: Reservation): void {
    const caps = this.caps(keyId);
    const set = SPENDING_PERIODS.filter((p) => caps[p] !== null);
    if (set.length === 0) return;
    const now = this.probe.clock.now();
    const totals = this.ledger.totals(keyId, now);
    const held = this.held(keyId, now);
    const label = this.keyLabel(keyId);
    const spentLine = `Spent ${fmt(totals.day)} today, ${fmt(totals.week)} this week, ${fmt(totals.month)} this month.`;
    const heldLine =
      held.count > 0
        ? ` ${held.count === 1 ? 'A task' : `${held.count} tasks`} whose outcome is unknown ${held.count === 1 ? 'is' : 'are'} counted as spent until you say whether ${held.count === 1 ? 'it was' : 'they were'} charged (Settings, Spending).`
        : '';
    const capWords = set.map((p) => `${PERIOD_WORDS[p].cap} cap of ${fmt(caps[p]!)}`).join(' and ');
    if (reserved.unpriced > 0) {
      throw new IpcFailure(
        'spending-cap',
        `Not sent: ${reserved.unpriced === 1 ? 'a task' : `${reserved.unpriced} tasks`} of “${label}” still on ${reserved.unpriced === 1 ? 'its' : 'their'} way ${reserved.unpriced === 1 ? 'has' : 'have'} no price yet, so Gen Studio cannot tell whether this one keeps within your ${capWords} credits. ${spentLine} Send it once ${reserved.unpriced === 1 ? 'that task has' : 'they have'} finished.`,
      );
    }
    if (held.unpriced > 0) {
      throw new IpcFailure(
        'spending-cap',
        `Not sent: ${held.unpriced === 1 ? 'a task' : `${held.unpriced} tasks`} of “${label}” whose outcome is unknown ${held.unpriced === 1 ? 'has' : 'have'} no price yet, so Gen Studio cannot tell whether this one keeps within your ${capWords} credits. ${spentLine} Say whether ${held.unpriced === 1 ? 'it was' : 'they were'} charged in Settings, Spending.`,
      );
    }
    const used = (p: SpendingPeriod) => totals[p] + held.amounts[p] + reserved.amount;
    const estimate = this.estimate(keyId, endpointId, usage);
    if (estimate === undefined) {
      // Nothing like it has been priced: one such request at a time goes out, while the caps still have room, and
      // its price is what the next ones are checked against. A cap can be passed by at most that one task; the
      // alternative, refusing every first request, would make a cap set on day one block the app.
      for (const period of set) {
        if (used(period) >= caps[period]!) {
          throw new IpcFailure('spending-cap', `Not sent: your ${PERIOD_WORDS[period].cap} cap of ${fmt(caps[period]!)} credits for “${label}” is reached. ${spentLine}${heldLine} Raise the cap in Settings to go on.`);
        }
      }
      return;
    }
    for (const period of set) {
      const cap = caps[period]!;
      if (used(period) >= cap || used(period) + estimate.cost > cap) {
        const pending = reserved.amount > 0 ? ` About ${fmt(reserved.amount)} more is on its way.` : '';
        const est = estimate.cost > 0 ? ` This request is estimated at ${fmt(estimate.cost)} (${estimate.words}).` : '';
        throw new IpcFailure(
          'spending-cap',
          `Not sent: this would cross your ${PERIOD_WORDS[period].cap} cap of ${fmt(cap)} credits for “${label}”. ${spentLine}${heldLine}${pending}${est} Raise the cap in Settings to go on.`,
        );
      }
    }
  }

  /**
   * What one request is expected to cost with this key: the endpoint's price model (src/shared/pricing) at this
   * request's size and inputs, learning from what this key was charged for it, else the public price list;
   * undefined while neither prices it. Without a usage, the model's default request (a cautious stand-in for a
   * task recorded before usages were kept).
   */
  estimate(keyId: string, endpointId: string, usage?: Usage): Estimate | undefined {
    const e = this.quote(keyId, endpointId, usage);
    return e.cost === null || e.basis === 'unknown' ? undefined : { cost: e.cost, basis: e.basis, runs: e.runs, words: basisWords(e) };
  }

  /** The estimate as the studio shows it, unknown included. */
  quote(keyId: string, endpointId: string, usage?: Usage): PriceEstimate {
    const endpoint = findEndpoint(endpointId);
    if (!endpoint) return { cost: null, basis: 'unknown', runs: 0 };
    return estimatePrice(endpoint, usage ?? defaultUsage(endpoint), this.ledger.runs(keyId, endpointId));
  }
}

/** What tasks on their way, not yet priced by the service, are expected to cost. */
export interface Reservation {
  readonly amount: number;
  /** tasks on their way with no estimate at all (possible only for tasks sent before a cap was set) */
  readonly unpriced: number;
}

export interface Estimate {
  readonly cost: number;
  readonly basis: 'runs' | 'list';
  readonly runs: number;
  /** the basis in words: "from your last 3 runs of this model", "from the public price list" */
  readonly words: string;
}
