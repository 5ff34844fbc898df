import sharp from 'sharp';

/** One request the fake service received. */
export interface Seen {
  readonly method: string;
  readonly url: string;
  readonly key: string | null;
  readonly body: unknown;
  /** when it arrived, by the test's clock */
  readonly at: number;
}

export type Reply =
  | { readonly kind: 'json'; readonly status: number; readonly body: unknown; readonly headers?: Record<string, string> }
  | { readonly kind: 'text'; readonly status: number; readonly text: string; readonly headers?: Record<string, string> }
  | { readonly kind: 'bytes'; readonly status: number; readonly bytes: Uint8Array }
  /** a body served as the reader pulls it (a large download, counted by what was served) */
  | { readonly kind: 'stream'; readonly status: number; readonly body: ReadableStream<Uint8Array>; readonly headers?: Record<string, string> }
  /** a network failure with this code (ECONNREFUSED: never reached; ECONNRESET: lost on the way) */
  | { readonly kind: 'error'; readonly code: string }
  /** never answers (until the request is aborted) */
  | { readonly kind: 'hang' };

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({ kind: 'json', status, body, headers });
export const netError = (code: string): Reply => ({ kind: 'error', code });

export const BASE = 'https://api.example.test';
export const POLL_BASE = 'https://api.eu.example.test';
export const STORAGE = 'https://storage.example.net';

export const pending = (id: string, progress: number | null = null) => json(200, { id, status: 'Pending', progress, result: null, details: null });
export const ready = (id: string, extra: Record<string, unknown> = {}) =>
  json(200, { id, status: 'Ready', result: { sample: `${STORAGE}/${id}/sample.jpg?sig=abc`, seed: 42 }, progress: null, details: null, ...extra });

let cachedJpeg: Uint8Array | undefined;
export async function sampleJpeg(): Promise<Uint8Array> {
  cachedJpeg ??= new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a05030' } }).jpeg().toBuffer());
  return cachedJpeg;
}

/**
 * A scriptable stand-in for the service behind `fetch`, for engine tests that need answers the sandbox does not
 * give on cue (a precise order of failures). By default: submits are accepted (polling on another origin),
 * polls answer Ready, downloads answer a JPEG.
 */
export class FakeService {
  readonly seen: Seen[] = [];

  constructor(private readonly now: () => number = () => Date.now()) {}

  private ids = 0;
  submit: (n: number, body: unknown) => Reply | Promise<Reply> = () => {
    const id = `task-${++this.ids}`;
    return json(200, { id, polling_url: `${POLL_BASE}/v1/get_result?id=${id}&region=eu`, cost: 2, input_mp: 0, output_mp: 0.79 });
  };
  poll: (id: string, n: number) => Reply | Promise<Reply> = (id) => ready(id);
  download: (url: string, n: number) => Reply | Promise<Reply> = async () => ({ kind: 'bytes', status: 200, bytes: await sampleJpeg() });
  probe: () => Reply | Promise<Reply> = () => json(404, { detail: 'Not Found' });

  submits(): Seen[] {
    return this.seen.filter((s) => s.method === 'POST');
  }
  polls(id?: string): Seen[] {
    return this.seen.filter((s) => s.method === 'GET' && s.url.includes('/get_result') && (!id || new URL(s.url).searchParams.get('id') === id));
  }
  downloads(): Seen[] {
    return this.seen.filter((s) => s.url.startsWith(STORAGE));
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    this.seen.push({ method, url, key: headers.get('x-key'), body, at: this.now() });
    const count = (pred: (s: Seen) => boolean) => this.seen.filter(pred).length;
    let reply: Reply;
    if (method === 'POST') reply = await this.submit(count((s) => s.method === 'POST'), body);
    else if (url.startsWith(STORAGE)) reply = await this.download(url, count((s) => s.url.startsWith(STORAGE)));
    else if (url.includes('/get_result')) {
      const id = new URL(url).searchParams.get('id') ?? '';
      reply = await this.poll(id, this.polls(id).length);
    } else reply = await this.probe();
    return this.answer(reply, init?.signal ?? undefined);
  };

  private answer(reply: Reply, signal: AbortSignal | undefined): Promise<Response> {
    switch (reply.kind) {
      case 'json':
        return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json', ...reply.headers } }));
      case 'text':
        return Promise.resolve(new Response(reply.text, { status: reply.status, headers: reply.headers }));
      case 'bytes':
        return Promise.resolve(new Response(reply.bytes as Uint8Array<ArrayBuffer>, { status: reply.status }));
      case 'stream':
        return Promise.resolve(new Response(reply.body, { status: reply.status, headers: reply.headers }));
      case 'error':
        return Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(`connect ${reply.code}`), { code: reply.code }) }));
      case 'hang':
        return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
  }
}
