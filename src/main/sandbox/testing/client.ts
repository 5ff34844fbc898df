import { FAILURE_HEADER, type SandboxHandle } from '../api';
import { PollingResultSchema, type PollingResult } from '../../../shared/catalog/responses';

export interface Answer<T = unknown> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export interface PostOptions {
  readonly key?: string | null;
  readonly fail?: string;
  readonly raw?: string;
  readonly base?: 'base' | 'regional';
  /** The Content-Type to send (`application/json` when absent); null sends none at all. */
  readonly contentType?: string | null;
}

/** A small client for the sandbox tests: JSON in, JSON (or text) out. */
export function sandboxClient(sandbox: SandboxHandle) {
  const headersFor = (key: string | null | undefined, fail?: string, contentType: string | null = 'application/json'): Record<string, string> => ({
    ...(contentType === null ? {} : { 'content-type': contentType }),
    ...(key === null ? {} : { 'x-key': key ?? sandbox.demoKey }),
    ...(fail ? { [FAILURE_HEADER]: fail } : {}),
  });
  const read = async <T>(response: Response): Promise<Answer<T>> => {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text, the test decides whether that is right.
    }
    return { status: response.status, body: body as T, headers: response.headers };
  };
  return {
    async post<T = Record<string, unknown>>(path: string, body: unknown, o: PostOptions = {}): Promise<Answer<T>> {
      const origin = o.base === 'regional' ? sandbox.regionalBaseUrl : sandbox.baseUrl;
      const text = o.raw ?? JSON.stringify(body);
      const response = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: headersFor(o.key, o.fail, o.contentType),
        // fetch labels a string body text/plain by itself; bytes go with no Content-Type at all.
        body: o.contentType === null ? Buffer.from(text) : text,
      });
      return read<T>(response);
    },
    async get<T = Record<string, unknown>>(url: string, o: { key?: string | null; fail?: string; base?: 'base' | 'regional' } = {}): Promise<Answer<T>> {
      const absolute = url.startsWith('http') ? url : `${o.base === 'regional' ? sandbox.regionalBaseUrl : sandbox.baseUrl}${url}`;
      return read<T>(await fetch(absolute, { headers: headersFor(o.key, o.fail) }));
    },
    async poll(pollingUrl: string, o: { key?: string; fail?: string } = {}): Promise<PollingResult> {
      const answer = await this.get(pollingUrl, o);
      if (answer.status !== 200) throw new Error(`poll answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return PollingResultSchema.parse(answer.body);
    },
    /** Polls until the status is not Pending, up to `tries` times, `intervalMs` apart. */
    async pollUntilDone(pollingUrl: string, o: { key?: string; tries?: number; intervalMs?: number } = {}): Promise<PollingResult> {
      for (let i = 0; ; i++) {
        const result = await this.poll(pollingUrl, o);
        if (result.status !== 'Pending' || i >= (o.tries ?? 50)) return result;
        await new Promise((r) => setTimeout(r, o.intervalMs ?? 20));
      }
    },
    async download(url: string): Promise<{ status: number; bytes: Buffer; contentType: string | null }> {
      const response = await fetch(url);
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') };
    },
  };
}

export type SandboxClient = ReturnType<typeof sandboxClient>;
