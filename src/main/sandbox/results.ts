import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RenderedOutput } from './outputs/job';

export const RESULT_PATH_PREFIX = '/results/';

interface StoredResult {
  readonly taskId: string;
  readonly output: RenderedOutput;
  readonly expiresAt: number;
  /** Set by the `expired-result` failure: the address answers as expired from the start. */
  expired: boolean;
}

export type ResultLookup =
  | { readonly found: true; readonly taskId: string; readonly output: RenderedOutput }
  | { readonly found: false; readonly reason: 'expired' | 'unknown' | 'bad-signature' };

/**
 * Output files behind signed, expiring addresses, like the service's delivery URLs:
 * `/results/<task id>/sample.<ext>?se=<expiry in ms>&sig=<HMAC>`. The signature covers the task id and the
 * expiry, so neither can be edited to extend an address's life.
 */
export class ResultStore {
  private readonly secret = randomBytes(32);
  private readonly results = new Map<string, StoredResult>();

  constructor(
    private readonly origin: string,
    private readonly now: () => number,
  ) {}

  private sign(taskId: string, expiresAt: number): string {
    return createHmac('sha256', this.secret).update(`${taskId}:${expiresAt}`).digest('hex').slice(0, 32);
  }

  put(taskId: string, output: RenderedOutput, expiresAt: number, expired = false): string {
    this.results.set(taskId, { taskId, output, expiresAt, expired });
    return `${this.origin}${RESULT_PATH_PREFIX}${encodeURIComponent(taskId)}/sample.${output.ext}?se=${expiresAt}&sig=${this.sign(taskId, expiresAt)}`;
  }

  expire(taskId: string): void {
    const stored = this.results.get(taskId);
    if (stored) stored.expired = true;
  }

  /** The task a result path belongs to, for failure rules that name an endpoint. */
  taskOf(url: URL): string | undefined {
    if (!url.pathname.startsWith(RESULT_PATH_PREFIX)) return undefined;
    const [id] = url.pathname.slice(RESULT_PATH_PREFIX.length).split('/');
    return id ? decodeURIComponent(id) : undefined;
  }

  lookup(url: URL): ResultLookup {
    const taskId = this.taskOf(url);
    const expiresAt = Number(url.searchParams.get('se'));
    const sig = url.searchParams.get('sig') ?? '';
    if (!taskId || !Number.isFinite(expiresAt)) return { found: false, reason: 'unknown' };
    const expected = Buffer.from(this.sign(taskId, expiresAt));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { found: false, reason: 'bad-signature' };
    // A valid signature past its time is expired even after the file itself has been freed.
    if (this.now() >= expiresAt) return { found: false, reason: 'expired' };
    const stored = this.results.get(taskId);
    if (!stored || stored.expiresAt !== expiresAt) return { found: false, reason: 'unknown' };
    if (stored.expired) return { found: false, reason: 'expired' };
    return { found: true, taskId, output: stored.output };
  }

  /** Bytes behind one of the sandbox's own result addresses, for requests that pass a result back in. */
  bytesAt(address: string): Uint8Array | 'expired' | undefined {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return undefined;
    }
    if (url.origin !== this.origin) return undefined;
    const found = this.lookup(url);
    if (found.found) return found.output.bytes;
    return found.reason === 'expired' ? 'expired' : undefined;
  }

  /** Frees results whose addresses have expired. */
  sweep(): void {
    const now = this.now();
    for (const [id, r] of this.results) if (now >= r.expiresAt) this.results.delete(id);
  }
}
