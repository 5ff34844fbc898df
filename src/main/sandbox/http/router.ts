import type { IncomingMessage, ServerResponse } from 'node:http';
import { CATALOG, endpointPath } from '../../../shared/catalog/catalog';
import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import { FAILURE_HEADER, type FailureMode, type FailureStage } from '../api';
import type { SandboxContext } from '../context';
import { isLifecycle, parseFailureHeader, type LifecycleFailure } from '../failures';
import { account, deleteFinetune } from '../handlers/account';
import { poll, POLLING_PATH } from '../handlers/poll';
import { download } from '../handlers/result';
import { submit } from '../handlers/submit';
import { RESULT_PATH_PREFIX } from '../results';
import { readBody } from './body';
import { garble, shortCircuit } from './failureReplies';
import { isOwnHost } from './hostCheck';
import { detail, writeReply, type Reply } from './reply';
import { isJsonContentType } from './contentType';
import { notJson } from '../decode/request';
import { checkKey } from '../handlers/auth';

export type Origin = 'base' | 'regional';

interface Route {
  readonly endpoint: EndpointSpec;
  readonly origin: Origin;
}

/** Every catalog endpoint at its path, on the origin its `base` names. */
function routes(word: string): Map<string, Route> {
  const map = new Map<string, Route>();
  for (const endpoint of CATALOG) {
    map.set(endpointPath(endpoint, word), { endpoint, origin: endpoint.base === 'base_url_us' ? 'regional' : 'base' });
  }
  return map;
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Plays the transport failure for this stage (the request's own header first, then the server's rules) around
 * a handler. Returns the reply and whether a failure answered in the handler's place.
 */
async function withTransport(
  ctx: SandboxContext,
  stage: Exclude<FailureStage, 'any'>,
  endpointId: string | undefined,
  fromHeader: FailureMode | undefined,
  run: () => Promise<Reply>,
): Promise<{ reply: Reply; replaced: boolean }> {
  const failure = fromHeader && !isLifecycle(fromHeader) ? fromHeader : ctx.failures.transport(stage, endpointId);
  if (!failure) return { reply: await run(), replaced: false };
  const instead = shortCircuit(failure);
  if (instead) return { reply: instead, replaced: true };
  if (failure.kind === 'slow') {
    await ctx.delay(failure.delayMs);
    return { reply: await run(), replaced: false };
  }
  return { reply: garble(await run()), replaced: false };
}

/**
 * What a submit is answered without reading its body: a missing or unknown key (401, 403), and a body that is
 * not JSON by its Content-Type (the framework's 422, which does not depend on the body's bytes). The connection
 * is closed after the answer, so the unread body is dropped by the system rather than kept.
 */
function beforeBody(ctx: SandboxContext, req: IncomingMessage): { reply: Reply; status: number } | undefined {
  const close = (reply: Reply, status: number) => ({ reply: reply.kind === 'json' ? { ...reply, headers: { ...reply.headers, connection: 'close' } } : reply, status });
  const auth = checkKey(req, ctx.accounts);
  if (!auth.ok) return close(auth.reply, auth.reply.kind === 'json' ? auth.reply.status : 0);
  const contentType = req.headers['content-type'];
  // An empty body answers "Field required" whatever its type; the rest of a non-JSON type is never read.
  if (!isJsonContentType(contentType) && req.headers['content-length'] !== '0') {
    // The service echoes the body as the item's `input`; the Sandbox, not having read it, echoes an empty one.
    return close(notJson('').reply, 422);
  }
  return undefined;
}

async function bodyOr413(ctx: SandboxContext, req: IncomingMessage): Promise<string | Reply> {
  const body = await readBody(req, ctx.options.maxBodyBytes);
  if (body.ok) return body.text;
  return detail(413, `Request body is ${body.bytes} bytes; the limit is ${ctx.options.maxBodyBytes} bytes`, { connection: 'close' });
}

async function route(ctx: SandboxContext, table: Map<string, Route>, origin: Origin, req: IncomingMessage): Promise<Reply> {
  const url = new URL(req.url ?? '/', origin === 'base' ? ctx.origin : ctx.regionalOrigin);
  const method = req.method ?? 'GET';
  const rawFailure = header(req, FAILURE_HEADER);
  let fromHeader: FailureMode | undefined;
  if (rawFailure !== undefined) {
    const parsed = parseFailureHeader(rawFailure);
    if (typeof parsed === 'string') return detail(400, `${FAILURE_HEADER}: ${parsed}`);
    fromHeader = parsed;
  }
  const lifecycle: LifecycleFailure | undefined = fromHeader && isLifecycle(fromHeader) ? fromHeader : undefined;

  const found = table.get(url.pathname);
  if (found && found.origin === origin) {
    if (method !== 'POST') return detail(405, 'Method Not Allowed', { allow: 'POST' });
    const { endpoint } = found;
    if (endpoint.deprecated) {
      const instead = endpoint.deprecated.migrateTo.length ? `; use ${endpoint.deprecated.migrateTo.join(' or ')}` : '';
      return detail(410, `${endpoint.id} was deprecated on ${endpoint.deprecated.since}${instead}`);
    }
    // The key and the content type are checked before a byte of the body is read: a keyless text/plain POST (the
    // kind any web page can send to a loopback port) is answered at once and its body never held.
    const early = beforeBody(ctx, req);
    if (early) {
      // Deleting a finetune is not a submission (it never was recorded as one).
      if (endpoint.id !== 'delete_finetune') ctx.submissions.push({ taskId: null, endpointId: endpoint.id, key: header(req, 'x-key') ?? '', status: early.status, at: ctx.now() });
      return early.reply;
    }
    const body = await bodyOr413(ctx, req);
    if (typeof body !== 'string') {
      ctx.submissions.push({ taskId: null, endpointId: endpoint.id, key: header(req, 'x-key') ?? '', status: 413, at: ctx.now() });
      return body;
    }
    if (endpoint.id === 'delete_finetune') return (await withTransport(ctx, 'submit', endpoint.id, fromHeader, async () => deleteFinetune(ctx, req, body))).reply;
    const { reply, replaced } = await withTransport(ctx, 'submit', endpoint.id, fromHeader, () => submit(ctx, endpoint, req, body, lifecycle));
    if (replaced) ctx.submissions.push({ taskId: null, endpointId: endpoint.id, key: header(req, 'x-key') ?? '', status: reply.kind === 'drop' ? 0 : reply.status, at: ctx.now() });
    return reply;
  }
  if (url.pathname === POLLING_PATH) {
    if (method !== 'GET') return detail(405, 'Method Not Allowed', { allow: 'GET' });
    const endpointId = ctx.tasks.endpointOf(url.searchParams.get('id') ?? '')?.id;
    return (await withTransport(ctx, 'poll', endpointId, fromHeader, () => poll(ctx, req, url, lifecycle, origin === 'regional'))).reply;
  }
  if (origin === 'regional') return (method === 'GET' ? account(ctx, req, url, origin) : undefined) ?? detail(404, 'Not Found');

  if (url.pathname.startsWith(RESULT_PATH_PREFIX)) {
    if (method !== 'GET' && method !== 'HEAD') return detail(405, 'Method Not Allowed', { allow: 'GET, HEAD' });
    const taskId = ctx.results.taskOf(url);
    if (lifecycle?.kind === 'expired-result' && taskId) ctx.tasks.expireResult(taskId);
    const endpointId = taskId ? ctx.tasks.endpointOf(taskId)?.id : undefined;
    return (await withTransport(ctx, 'result', endpointId, fromHeader, async () => download(ctx, req, url))).reply;
  }
  if (method === 'GET') {
    const answer = account(ctx, req, url, origin);
    if (answer) return answer;
  }
  return detail(404, 'Not Found');
}

function logWhenDone(log: NonNullable<SandboxContext['onRequest']>, req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  let done = false;
  const finish = (status: number) => {
    if (done) return;
    done = true;
    const failure = header(req, FAILURE_HEADER);
    log({
      method: req.method ?? 'GET',
      path: (req.url ?? '/').replace(/([?&]sig=)[^&]*/, '$1…'),
      status,
      ms: Math.round(performance.now() - started),
      ...(failure ? { failure } : {}),
    });
  };
  res.on('finish', () => finish(res.statusCode));
  res.on('close', () => finish(res.writableFinished ? res.statusCode : 0));
}

/** The request listener of one origin: routes, plays failures, and turns a sandbox bug into a 500 with its message. */
export function requestListener(ctx: SandboxContext, origin: Origin): (req: IncomingMessage, res: ServerResponse) => void {
  const table = routes(ctx.options.endpointWord);
  const port = Number(new URL(origin === 'base' ? ctx.origin : ctx.regionalOrigin).port);
  return (req, res) => {
    if (ctx.onRequest) logWhenDone(ctx.onRequest, req, res);
    if (!isOwnHost(req.headers.host, port)) {
      // DNS rebinding: a page that made its own name resolve to 127.0.0.1 is not a client of this sandbox.
      writeReply(req, res, detail(421, `This sandbox answers only requests addressed to 127.0.0.1:${port} or localhost:${port}.`));
      return;
    }
    route(ctx, table, origin, req)
      .catch((e: unknown): Reply => detail(500, `Sandbox error: ${e instanceof Error ? e.message : String(e)}`))
      .then((reply) => {
        if (!res.destroyed) writeReply(req, res, reply);
      })
      .catch(() => res.destroy());
  };
}
