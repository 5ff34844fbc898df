import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceIssue } from '../validation/issue';

/**
 * What a handler answers, as data: the server writes it, and failure injection can reshape it first
 * (a malformed body, a dropped connection) without every handler knowing.
 */
export type Reply =
  | { readonly kind: 'json'; readonly status: number; readonly body: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly kind: 'text'; readonly status: number; readonly body: string; readonly contentType: string; readonly headers?: Readonly<Record<string, string>> }
  | { readonly kind: 'bytes'; readonly status: number; readonly body: Buffer; readonly contentType: string; readonly headers?: Readonly<Record<string, string>> }
  | { readonly kind: 'drop' };

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({ kind: 'json', status, body, ...(headers ? { headers } : {}) });

/** The service's non-validation error shape: `{detail: "..."}`. */
export const detail = (status: number, message: string, headers?: Record<string, string>): Reply => json(status, { detail: message }, headers);

/** The service's 422: every item carries its `input` (field notes). */
export const validationError = (issues: readonly ServiceIssue[]): Reply => json(422, { detail: issues });

export const text = (status: number, body: string, contentType = 'text/plain; charset=utf-8', headers?: Record<string, string>): Reply => ({
  kind: 'text',
  status,
  body,
  contentType,
  ...(headers ? { headers } : {}),
});

export function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  if (reply.kind === 'drop') {
    req.socket.destroy();
    return;
  }
  const body =
    reply.kind === 'json' ? Buffer.from(JSON.stringify(reply.body)) : reply.kind === 'text' ? Buffer.from(reply.body) : reply.body;
  const contentType = reply.kind === 'json' ? 'application/json' : reply.contentType;
  res.writeHead(reply.status, { 'content-type': contentType, 'content-length': String(body.length), ...reply.headers });
  res.end(req.method === 'HEAD' ? undefined : body);
}
