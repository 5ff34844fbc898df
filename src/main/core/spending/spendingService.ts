import type { SpendingCaps, SpendingSummary } from '../../../shared/ipc/contract';
import { SPENDING_PERIODS } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { SANDBOX_KEY_ID } from '../connections/builtinSandbox';
import type { ConnectionService, ResolvedConnection } from '../connections/connectionService';
import { fetchCredits, type ProbeDeps } from '../keys/keyTest';
import type { SettingsService } from '../settings/settingsService';
import type { SpendingLedger } from './ledger';
import { PERIOD_WORDS } from './periods';

const NO_CAPS: SpendingCaps = { day: null, week: null, month: null };
const CREDITS_CACHE_MS = 60_000;

const fmt = (n: number) => (Math.round(n * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * Spending per key for today, this week and this month, the user's caps on each, and the balance where the
 * connection tells it. A submission that would cross a cap is refused before it is sent.
 */
export class SpendingService {
  private readonly creditCache = new Map<string, { at: number; credits: number | null; note: string }>();

  constructor(
    private readonly ledger: SpendingLedger,
    private readonly settings: SettingsService,
    private readonly connections: ConnectionService,
    private readonly probe: ProbeDeps,
  ) {}

  caps(keyId: string): SpendingCaps {
    return this.settings.get().spendingCaps[keyId] ?? NO_CAPS;
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
    const { credits, note } = await this.credits(keyId);
    return {
      keyId,
      keyLabel: this.keyLabel(keyId),
      totals: this.ledger.totals(keyId, this.probe.clock.now()),
      caps: this.caps(keyId),
      credits,
      creditsNote: note,
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
    };
  }

  private connectionOfKey(keyId: string): string | undefined {
    if (keyId === SANDBOX_KEY_ID) return 'sandbox';
    return this.settings.get().keys.find((k) => k.id === keyId)?.connectionId;
  }

  private async credits(keyId: string): Promise<{ credits: number | null; note: string }> {
    const now = this.probe.clock.now();
    const cached = this.creditCache.get(keyId);
    if (cached && now - cached.at < CREDITS_CACHE_MS) return cached;
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
   * so the estimate is what the endpoint cost last time; `reserved` is what tasks still on their way are
   * estimated to cost.
   */
  check(keyId: string, endpointId: string, reserved: number): void {
    const caps = this.caps(keyId);
    if (caps.day === null && caps.week === null && caps.month === null) return;
    const totals = this.ledger.totals(keyId, this.probe.clock.now());
    const estimate = this.ledger.lastCost(keyId, endpointId) ?? 0;
    for (const period of SPENDING_PERIODS) {
      const cap = caps[period];
      if (cap === null) continue;
      const after = totals[period] + reserved + estimate;
      if (totals[period] + reserved >= cap || after > cap) {
        const words = PERIOD_WORDS[period];
        const spentLine = `Spent ${fmt(totals.day)} today, ${fmt(totals.week)} this week, ${fmt(totals.month)} this month`;
        const pending = reserved > 0 ? `, about ${fmt(reserved)} more on its way` : '';
        const est = estimate > 0 ? ` This request is estimated at ${fmt(estimate)} (what ${endpointId} cost last time).` : '';
        throw new IpcFailure(
          'spending-cap',
          `Not sent: this would cross your ${words.cap} cap of ${fmt(cap)} credits for “${this.keyLabel(keyId)}”. ${spentLine}${pending}.${est} Raise the cap in Settings to go on.`,
        );
      }
    }
  }

  estimate(keyId: string, endpointId: string): number {
    return this.ledger.lastCost(keyId, endpointId) ?? 0;
  }
}
