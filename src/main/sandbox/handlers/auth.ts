import type { IncomingMessage } from 'node:http';
import type { Accounts } from '../accounts';
import { detail, type Reply } from '../http/reply';

export type KeyCheck = { readonly ok: true; readonly key: string } | { readonly ok: false; readonly reply: Reply; readonly key: string };

/** The `x-key` header: missing answers 401, a key the sandbox does not know 403, both with a JSON `detail`. */
export function checkKey(req: IncomingMessage, accounts: Accounts): KeyCheck {
  const raw = req.headers['x-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!key) return { ok: false, key, reply: detail(401, 'Not authenticated: send your API key in the x-key header') };
  if (!accounts.has(key)) return { ok: false, key, reply: detail(403, 'Invalid API key') };
  return { ok: true, key };
}
