import { open, rm } from 'node:fs/promises';
import type { Clock } from '../deps';
import { connectAddress, mayReceiveKey } from '../connections/urlPolicy';

/** A key and where it may go: the connection's origins and the polling hosts the service returned. */
interface KeyGrant {
  readonly value: string;
  readonly allowedOrigins: ReadonlySet<string>;
}

export interface HttpRequest {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly body?: string;
  readonly key?: KeyGrant;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Read the body as bytes (downloads) rather than text. */
  readonly binary?: boolean;
  readonly maxBytes?: number;
  /** Keep what arrived of a 2xx answer whose body broke off (a submit's may name the task it made). */
  readonly keepCutAnswer?: boolean;
  /** With `binary`: write a 2xx body to a file as it arrives instead of holding it (see `ToFile`). */
  readonly toFile?: ToFile;
}

/**
 * A download written to `path` as it arrives, `maxBytes` counted as it comes: over it, or refused by `accept`,
 * the transfer is stopped there and the partial file removed. On success the file is flushed to disk.
 */
export interface ToFile {
  readonly path: string;
  /** Judges the first `headBytes` (or all of a shorter body): false stops it as the wrong kind of file. */
  readonly accept?: (head: Uint8Array) => boolean;
  readonly headBytes?: number;
}

export type HttpOutcome =
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly headers: Headers;
      readonly text: string;
      readonly bytes?: Uint8Array;
      /** with `toFile`: how many bytes were written there */
      readonly written?: number;
    }
  /**
   * The request failed in transit. `reached: false` when it certainly never reached the service (the
   * connection was refused, the name did not resolve): safe to send again. Otherwise it may have arrived.
   * `TOO_LARGE` and `WRONG_TYPE` (`REJECTED_CODES`): Gen Studio stopped the answer itself, as it came.
   */
  | {
      readonly kind: 'network';
      readonly reached: boolean;
      readonly code: string;
      readonly message: string;
      /** with `keepCutAnswer`: the status and the text of a 2xx answer that broke off */
      readonly cut?: { readonly status: number; readonly text: string };
    }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'aborted' }
  /** Gen Studio refused to send it: the key would have gone somewhere it must not. */
  | { readonly kind: 'refused'; readonly message: string };

/** Errors that mean the request never left this machine or never reached a server. */
const NOT_REACHED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return 'UNKNOWN';
}

/** What went wrong, in words for the artist: the system's codes (ECONNREFUSED, ENOTFOUND…) stay in the log. */
const NETWORK_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'nothing answers at its address',
  ENOTFOUND: 'its address was not found',
  EAI_AGAIN: 'its address could not be looked up: is this computer online?',
  ENETUNREACH: 'this computer has no route to it: is it online?',
  EHOSTUNREACH: 'its computer cannot be reached',
  ENETDOWN: 'this computer’s network is down',
  EADDRNOTAVAIL: 'this computer’s network is not ready',
  UND_ERR_CONNECT_TIMEOUT: 'connecting took too long',
  ECONNRESET: 'the connection was cut',
  ETIMEDOUT: 'it took too long to answer',
  EPIPE: 'the connection was cut',
  UND_ERR_SOCKET: 'the connection was cut',
};

export function networkWords(code: string): string {
  return NETWORK_WORDS[code] ?? 'the connection failed';
}

/** The codes of an answer Gen Studio stopped itself: larger than `maxBytes`, or refused by `ToFile.accept`. */
export const REJECTED_CODES = { tooLarge: 'TOO_LARGE', wrongType: 'WRONG_TYPE' } as const;

class TooLarge extends Error {}
class WrongType extends Error {}

/** How much of a download is gathered before each write to its file. */
const WRITE_BYTES = 1024 * 1024;

/** Writes a body to `to.path` as it arrives; see `ToFile`. Throws `TooLarge` or `WrongType` where it stops one. */
async function streamToFile(response: Response, to: ToFile, maxBytes: number): Promise<number> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new TooLarge();
  const headBytes = to.headBytes ?? 0;
  const judge = (pending: readonly Uint8Array[]) => {
    if (to.accept && !to.accept(joined(pending).subarray(0, headBytes))) throw new WrongType();
  };
  const handle = await open(to.path, 'w');
  try {
    let total = 0;
    let judged = !to.accept;
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    for await (const chunk of (response.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      // Counted as it comes, whatever the header said: the transfer stops here, not after the last byte.
      if (total > maxBytes) throw new TooLarge();
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (!judged && total >= headBytes) {
        judged = true;
        judge(pending);
      }
      if (pendingBytes >= WRITE_BYTES) {
        await handle.writev(pending);
        pending = [];
        pendingBytes = 0;
      }
    }
    if (!judged && total > 0) judge(pending);
    if (pending.length > 0) await handle.writev(pending);
    await handle.sync();
    return total;
  } finally {
    await handle.close();
  }
}

const utf8 = new TextDecoder();

/** `sink`, when given, receives every chunk as it arrives (and the one-read shortcut is not taken). */
async function readLimited(response: Response, maxBytes: number, sink?: Uint8Array[]): Promise<Uint8Array> {
  const declared = response.headers.get('content-length');
  const length = declared === null ? NaN : Number(declared);
  if (Number.isFinite(length) && length > maxBytes) throw new TooLarge();
  // A declared length within the limit is held to by fetch itself: read it whole, without a chunk loop (most
  // answers are small polling answers, read every second or two per task). Not when compressed: the length is
  // then the compressed size, and what it unpacks to is bounded only by counting.
  const encoding = response.headers.get('content-encoding');
  if (!sink && Number.isFinite(length) && (encoding === null || encoding === 'identity')) return new Uint8Array(await response.arrayBuffer());
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = sink ?? [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new TooLarge();
    chunks.push(chunk);
  }
  return joined(chunks, total);
}

/** How much of a failed download's answer is read for its message. */
const ERROR_BODY_BYTES = 4096;

/** The first `most` bytes of a body at most; the rest is cancelled unread. */
async function readHead(response: Response, most: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total < most) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return joined(chunks).subarray(0, most);
}

function joined(chunks: readonly Uint8Array[], total = chunks.reduce((n, c) => n + c.byteLength, 0)): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Every request the core makes to a service goes through here. It attaches the key only where the grant
 * allows, never follows a redirect with it, times out by the injected clock, and reports failures as data.
 */
export async function send(fetchFn: typeof fetch, clock: Clock, request: HttpRequest): Promise<HttpOutcome> {
  if (request.key && !mayReceiveKey(request.url, request.key.allowedOrigins)) {
    return { kind: 'refused', message: 'Gen Studio does not send your key to that address.' };
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = clock.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const onAbort = () => controller.abort();
  if (request.signal?.aborted) controller.abort();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  let answered: Response | undefined;
  const received: Uint8Array[] = [];
  try {
    const headers: Record<string, string> = { accept: request.binary ? '*/*' : 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.key) headers['x-key'] = request.key.value;
    // `localhost` over http is reached as 127.0.0.1: the name never goes to a resolver that might ask the network.
    const response = await fetchFn(connectAddress(request.url), {
      method: request.method,
      headers,
      body: request.body,
      signal: controller.signal,
      // A redirect would carry x-key to wherever it points; a key-bearing request never follows one.
      redirect: request.key ? 'manual' : 'follow',
    });
    answered = response;
    const max = request.maxBytes ?? 16 * 1024 * 1024;
    if (request.binary && response.ok && request.toFile) {
      const written = await streamToFile(response, request.toFile, max);
      return { kind: 'answer', status: response.status, headers: response.headers, text: '', written };
    }
    if (request.binary && response.ok) {
      const bytes = await readLimited(response, max);
      return { kind: 'answer', status: response.status, headers: response.headers, text: '', bytes };
    }
    if (request.binary) {
      // A failed download's answer is read only as far as its message needs; the rest (an error page of any
      // size) is dropped, not read up to the download's limit.
      const head = await readHead(response, ERROR_BODY_BYTES);
      return { kind: 'answer', status: response.status, headers: response.headers, text: utf8.decode(head) };
    }
    const text = utf8.decode(await readLimited(response, max, request.keepCutAnswer ? received : undefined));
    return { kind: 'answer', status: response.status, headers: response.headers, text };
  } catch (error) {
    if (request.toFile) {
      // Whatever stopped it, the transfer ends now and what came of it goes.
      controller.abort();
      await rm(request.toFile.path, { force: true });
    }
    if (timedOut) return { kind: 'timeout' };
    if (request.signal?.aborted) return { kind: 'aborted' };
    if (error instanceof TooLarge) return { kind: 'network', reached: true, code: REJECTED_CODES.tooLarge, message: 'The answer was larger than Gen Studio accepts.' };
    if (error instanceof WrongType) return { kind: 'network', reached: true, code: REJECTED_CODES.wrongType, message: 'The answer was not the kind of file Gen Studio asked for.' };
    const code = errorCode(error);
    const cut = request.keepCutAnswer && answered?.ok && received.length > 0 ? { status: answered.status, text: utf8.decode(joined(received)) } : undefined;
    return { kind: 'network', reached: !NOT_REACHED.has(code), code, message: networkWords(code), ...(cut ? { cut } : {}) };
  } finally {
    clock.clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}

/** Retry-After in milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/**
 * The readable part of an error body: `detail` (a string), `message`, or plain text with any markup removed.
 * Bounded, because a proxy's error page can be long.
 */
export function errorBodyMessage(text: string): string {
  let message: string | undefined;
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') {
      const { detail, message: m, error } = body as { detail?: unknown; message?: unknown; error?: unknown };
      if (typeof detail === 'string') message = detail;
      else if (typeof m === 'string') message = m;
      else if (typeof error === 'string') message = error;
      else if (detail !== undefined) message = JSON.stringify(detail);
    }
  } catch {
    message = text.replace(/<[^>]*>/g, ' ');
  }
  const clean = (message ?? '').replace(/\s+/g, ' ').trim();
  return clean.length > 300 ? `${clean.slice(0, 297)}…` : clean;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
