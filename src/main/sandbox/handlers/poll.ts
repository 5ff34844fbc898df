import type { IncomingMessage } from 'node:http';
import type { SandboxContext } from '../context';
import type { LifecycleFailure } from '../failures';
import { json, validationError, type Reply } from '../http/reply';
import { serviceIssue } from '../validation/issue';
import { errorBody, notFoundBody, pendingBody } from '../tasks/pollingBody';
import { checkKey } from './auth';

export const POLLING_PATH = '/v1/get_result';

/**
 * GET polling_url: the task's status for the key that submitted it (another key's task reads as not found), on
 * the base it was sent to: a base knows only its own tasks, which is why clients poll `polling_url` as given
 * (field notes: the host is regional). A lifecycle failure in this request's header shapes this one answer.
 */
export async function poll(ctx: SandboxContext, req: IncomingMessage, url: URL, headerLifecycle: LifecycleFailure | undefined, regional: boolean): Promise<Reply> {
  const auth = checkKey(req, ctx.accounts);
  if (!auth.ok) return auth.reply;
  const id = url.searchParams.get('id');
  if (!id) return validationError([serviceIssue(['query', 'id'], 'missing', 'Field required', null)]);
  const endpoint = ctx.tasks.endpointOf(id);
  if (endpoint && (endpoint.base === 'base_url_us') !== regional) return json(200, notFoundBody(id));
  switch (headerLifecycle?.kind) {
    case 'task-not-found':
      return json(200, notFoundBody(id));
    case 'stuck-pending':
      return json(200, pendingBody(id, 0));
    case 'task-error':
      return json(200, errorBody(id, 'The task failed (injected by the sandbox).'));
    case 'expired-result':
      ctx.tasks.expireResult(id);
      break;
  }
  return json(200, await ctx.tasks.poll(id, auth.key));
}
