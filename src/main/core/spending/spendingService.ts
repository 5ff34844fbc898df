import { findEndpoint } from '../../../shared/catalog/catalog';
import type { SpendingCaps, SpendingHistory, SpendingPeriod, SpendingRun, SpendingSummary, UnsettledTask } from '../../../shared/ipc/contract';
import { SPENDING_PERIODS } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { english } from '../../../shared/i18n/say';
import { words, type Words } from '../../../shared/i18n/words';
import type { CapGroup, CapRefusal } from '../../../shared/spending/capRefusal';
import { capRefusalWords } from '../../../shared/spending/capRefusalWords';
import { basisWords, estimatePrice, type PriceEstimate } from '../../../shared/pricing/priceModel';
import { defaultUsage, type Usage } from '../../../shared/pricing/usage';
import { SANDBOX_KEY_ID } from '../../../shared/connections/builtinIds';
import type { ConnectionService, ResolvedConnection } from '../connections/connectionService';
import { account } from '../i18n/accountRefusals';
import { refusedWith } from '../i18n/refusal';
import { fetchCredits, type ProbeDeps } from '../keys/keyProbe';
import type { SettingsService } from '../settings/settingsService';
import { biggestRuns, dailySpending } from './history';
import type { LedgerEntry, SpendingLedger } from './ledger';
import { periodStarts } from './periods';
import type { SettleQuestion } from './settleConfirm';

const NO_CAPS: SpendingCaps = { day: null, week: null, month: null };
export const CREDITS_CACHE_MS = 60_000;

const round = (n: number) => Math.round(n * 100) / 100;

/** The balance and what it is: the note's words, and their English. */
type Balance = Pick<SpendingSummary, 'credits' | 'creditsNote' | 'creditsNoteWords'>;
const balance = (credits: number | null, note: Words): Balance => ({ credits, creditsNote: english(note), creditsNoteWords: note });
const NOT_ASKED = words('main.balance.notAsked');

/**
 * Spending per key for today, this week and this month, the user's caps on each, and the balance where the
 * connection tells it. A submission that would cross a cap is refused before it is sent.
 */
export class SpendingService {
  private readonly creditCache = new Map<string, Balance & { at: number }>();
  private readonly creditsAsking = new Map<string, Promise<Balance>>();

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
      throw refusedWith('not-found', account.noSuchKey);
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
      throw refusedWith('not-found', account.noKeyWithId);
    }
    const { credits, creditsNote, creditsNoteWords } = await this.credits(keyId);
    return {
      keyId,
      keyLabel: this.keyLabel(keyId),
      totals: this.ledger.totals(keyId, this.probe.clock.now()),
      caps: this.caps(keyId),
      credits,
      creditsNote,
      ...(creditsNoteWords ? { creditsNoteWords } : {}),
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
      ...(cached ? { credits: cached.credits, creditsNote: cached.creditsNote, ...(cached.creditsNoteWords ? { creditsNoteWords: cached.creditsNoteWords } : {}) } : balance(null, NOT_ASKED)),
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
    if (!entry?.unsettled) throw refusedWith('not-found', account.settledAlready);
    const price = charged ? (cost ?? this.heldAt(entry)) : entry.cost;
    if (price === undefined) throw refusedWith('validation', account.noPriceToSettle);
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

  private credits(keyId: string): Promise<Balance> {
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

  private async askCredits(keyId: string): Promise<Balance> {
    const now = this.probe.clock.now();
    const connectionId = this.connectionOfKey(keyId);
    let answer: Balance;
    let conn: ResolvedConnection | undefined;
    try {
      conn = connectionId ? await this.connections.resolve(connectionId, keyId === SANDBOX_KEY_ID ? undefined : keyId) : undefined;
    } catch (error) {
      answer = { credits: null, creditsNote: error instanceof Error ? error.message : 'The key is not available.' };
    }
    if (conn) {
      const out = await fetchCredits(conn, this.probe);
      answer =
        'credits' in out
          ? balance(out.credits, words(conn.kind === 'sandbox' ? 'main.balance.sandbox' : 'main.balance.service'))
          : balance(null, words(out.kind === 'answer' ? 'main.balance.notReported' : 'main.balance.noAnswer'));
    }
    answer ??= balance(null, words('main.balance.noConnection'));
    this.creditCache.set(keyId, { ...answer, at: now });
    return answer;
  }

  /** Forgets the cached balance, e.g. after a task was charged. */
  invalidateCredits(keyId: string): void {
    this.creditCache.delete(keyId);
  }

  /**
   * Refuses what was asked (one request, or a group asked for at once) when it would cross a cap. The cost of a
   * task is known only once the service answers, so each request is estimated (`estimate`), and `reserved` is what
   * tasks of the key still on their way, not yet priced by the service, are estimated to cost. A group is checked
   * whole, before any of it is sent. Where nothing prices a single request, one at a time is let through to learn
   * the price (never several, which could cross a cap unseen), and only while the caps have room; a group of
   * several waits for that one. The refusal is data (capRefusal.ts); its words are made from it.
   */
  check(keyId: string, ask: CapAsk, reserved: Reservation): void {
    const refusal = this.refusal(keyId, ask, reserved);
    if (refusal) throw capFailure(refusal);
  }

  /** Why the caps refuse what was asked, or null when it keeps within them (see `check`). */
  refusal(keyId: string, ask: CapAsk, reserved: Reservation): CapRefusal | null {
    const caps = this.caps(keyId);
    const set = SPENDING_PERIODS.filter((p) => caps[p] !== null);
    if (set.length === 0 || ask.requests.length === 0) return null;
    const now = this.probe.clock.now();
    const spent = this.ledger.totals(keyId, now);
    const held = this.held(keyId, now);
    const keyLabel = this.keyLabel(keyId);
    const limits = set.map((period) => ({ period, limit: caps[period]! }));
    if (reserved.unpriced > 0) return { kind: 'unpriced-on-the-way', keyLabel, spent, limits, count: reserved.unpriced };
    if (held.unpriced > 0) return { kind: 'unpriced-held', keyLabel, spent, limits, count: held.unpriced };
    const heldIn = (p: SpendingPeriod) => ({ count: held.count, amount: round(held.amounts[p]) });
    const used = (p: SpendingPeriod) => spent[p] + held.amounts[p] + reserved.amount;
    const estimates = ask.requests.map((r) => this.estimate(keyId, r.endpointId, r.usage));
    if (estimates.some((e) => e === undefined)) {
      if (ask.requests.length > 1) {
        const models = [...new Set(ask.requests.filter((_, i) => !estimates[i]).map((r) => findEndpoint(r.endpointId)?.title ?? r.endpointId))];
        return { kind: 'group-unpriced', keyLabel, what: ask.what, count: ask.requests.length, models };
      }
      // Nothing like it has been priced: this one request goes out, while the caps still have room, and its price
      // is what the next ones are checked against. A cap can be passed by at most that one task; the alternative,
      // refusing every first request, would make a cap set on day one block the app.
      const full = set.find((p) => used(p) >= caps[p]!);
      return full ? { kind: 'reached', keyLabel, spent, held: heldIn(full), period: full, limit: caps[full]! } : null;
    }
    const known = estimates as Estimate[];
    const cost = known.reduce((sum, e) => sum + e.cost, 0);
    const first = known[0]!;
    const alike = known.every((e) => e.cost === first.cost && e.basis === first.basis && e.runs === first.runs);
    const crossed = set.find((p) => used(p) >= caps[p]! || used(p) + cost > caps[p]!);
    if (!crossed) return null;
    return {
      kind: 'crossed',
      keyLabel,
      spent,
      held: heldIn(crossed),
      period: crossed,
      limit: caps[crossed]!,
      onTheWay: round(reserved.amount),
      asked: { what: ask.what, count: ask.requests.length, cost: round(cost), each: alike ? { cost: first.cost, basis: first.basis, runs: first.runs } : null },
    };
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

/** The caps' refusal as a call's failure: its words made from it, and the data with it across IPC. */
export function capFailure(refusal: CapRefusal): IpcFailure {
  return new IpcFailure('spending-cap', capRefusalWords(refusal), undefined, refusal);
}

/** What is asked of the caps at once: one request, or every request of a group (variations, a matrix, a batch). */
export interface CapAsk {
  readonly what: CapGroup;
  readonly requests: ReadonlyArray<{ readonly endpointId: string; readonly usage?: Usage | undefined }>;
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
