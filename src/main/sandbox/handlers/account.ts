import type { IncomingMessage } from 'node:http';
import { ACCOUNT_PATHS } from '../../../shared/catalog/catalog';
import { getEndpoint } from '../../../shared/catalog/catalog';
import type { SandboxContext } from '../context';
import { parseJson } from '../decode/request';
import { detail, json, validationError, type Reply } from '../http/reply';
import { validateBody } from '../validation/body';
import { serviceIssue } from '../validation/issue';
import { checkKey } from './auth';

/**
 * The account queries public clients use beyond the document: credits on the global base; the key's finetunes
 * and one finetune's details on the regional base only, as the service publishes them (field notes). Asked on
 * the other base, each is not found, so a client that sends them astray is seen to.
 */
export function account(ctx: SandboxContext, req: IncomingMessage, url: URL, origin: 'base' | 'regional'): Reply | undefined {
  const route = url.pathname;
  const served = origin === 'base' ? route === ACCOUNT_PATHS.credits : route === ACCOUNT_PATHS.myFinetunes || route === ACCOUNT_PATHS.finetuneDetails;
  if (!served) return undefined;
  const auth = checkKey(req, ctx.accounts);
  if (!auth.ok) return auth.reply;
  const { key } = auth;
  if (route === ACCOUNT_PATHS.credits) return json(200, { credits: ctx.accounts.credits(key) ?? 0 });
  if (route === ACCOUNT_PATHS.myFinetunes) return json(200, { finetunes: ctx.accounts.finetunes(key) });
  const id = url.searchParams.get('finetune_id');
  if (!id) return validationError([serviceIssue(['query', 'finetune_id'], 'missing', 'Field required', null)]);
  if (!ctx.accounts.hasFinetune(key, id)) return detail(404, `Finetune not found: ${id}`);
  return json(200, { finetune_details: { finetune_id: id, mode: 'lora', trigger_word: 'TOK', sandbox: true } });
}

/** POST {base_url_us}/v1/delete_finetune: deletes one of the key's finetunes; an unknown one answers 404. */
export function deleteFinetune(ctx: SandboxContext, req: IncomingMessage, bodyText: string): Reply {
  const auth = checkKey(req, ctx.accounts);
  if (!auth.ok) return auth.reply;
  const parsed = parseJson(bodyText, req.headers['content-type']);
  if (!parsed.ok) return parsed.reply;
  const endpoint = getEndpoint('delete_finetune');
  const body = validateBody(endpoint, parsed.value);
  if (!body.ok) return validationError(body.issues);
  const id = body.values.finetune_id as string;
  if (!ctx.accounts.deleteFinetune(auth.key, id)) return detail(404, `Finetune not found: ${id}`);
  return json(200, {
    status: 'deleted',
    message: `Finetune ${id} was deleted`,
    deleted_finetune_id: id,
    timestamp: new Date(ctx.now()).toISOString(),
  });
}
