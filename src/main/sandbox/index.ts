import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_ENDPOINT_WORD, isValidEndpointWord } from '../../shared/catalog/catalog';
import { Accounts, DEMO_FINETUNES, DEMO_KEY } from './accounts';
import type { SandboxHandle, SandboxOptions } from './api';
import type { ResolvedOptions, SandboxContext } from './context';
import { FailureBook } from './failures';
import { requestListener } from './http/router';
import { ResultStore } from './results';
import { TaskStore } from './tasks/taskStore';
import { readVideoHeader } from './outputs/video';
import { DEFAULT_WEBHOOK_POLICY, WebhookSender } from './webhooks';

export type { SandboxHandle, SandboxOptions } from './api';
/** Real, playable MP4 clips: what core tests import and check as users' videos. */
export { encodeMp4,  } from './video/encodeMp4';

const HOST = '127.0.0.1';
export const DEFAULT_RESULT_EXPIRY_MS = 10 * 60 * 1000;
export const DEFAULT_MAX_ACTIVE_TASKS = 24;
/** Room for a 50 MB video-upscale source as base64 with the rest of the request. */
const DEFAULT_MAX_BODY_BYTES = 80 * 1024 * 1024;

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function resolveOptions(o: SandboxOptions): ResolvedOptions {
  const endpointWord = o.endpointWord ?? DEFAULT_ENDPOINT_WORD;
  if (!isValidEndpointWord(endpointWord)) throw new Error(`Invalid endpoint word: ${endpointWord}`);
  return {
    timing: o.timing ?? 'instant',
    durations: o.durations ?? {},
    durationSpread: Math.min(1, Math.max(0, o.durationSpread ?? 0)),
    resultExpiryMs: o.resultExpiryMs ?? DEFAULT_RESULT_EXPIRY_MS,
    maxActiveTasksPerKey: o.maxActiveTasksPerKey ?? DEFAULT_MAX_ACTIVE_TASKS,
    maxBodyBytes: o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    endpointWord,
  };
}

/**
 * Starts the sandbox: the whole service interface on 127.0.0.1, `{base_url}` on one port and the regional base
 * (every finetune call) on another. Every endpoint comes from the catalog; see docs/sandbox.md.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const resolved = resolveOptions(options);
  const now = options.now ?? (() => Date.now());
  const base = createServer();
  const regional = createServer();
  const basePort = await listen(base, options.port ?? 0);
  const regionalPort = await listen(regional, options.regionalPort ?? (options.port ? basePort + 1 : 0)).catch(async (e: unknown) => {
    await close(base);
    throw e;
  });
  const origin = `http://${HOST}:${basePort}`;
  const regionalOrigin = `http://${HOST}:${regionalPort}`;

  const accounts = new Accounts();
  accounts.add(DEMO_KEY, { credits: options.demoCredits, finetunes: DEMO_FINETUNES });
  for (const [key, keyOptions] of Object.entries(options.keys ?? {})) accounts.add(key, keyOptions);

  const results = new ResultStore(origin, now);
  const webhooks = new WebhookSender({ ...DEFAULT_WEBHOOK_POLICY, ...options.webhookRetry }, now, options.timers);
  const tasks = new TaskStore({ now, accounts, results, webhooks, resultExpiryMs: resolved.resultExpiryMs });
  const failures = new FailureBook(options.failures);
  const waits = new Set<() => void>();
  const ctx: SandboxContext = {
    options: resolved,
    now,
    origin,
    regionalOrigin,
    accounts,
    tasks,
    results,
    failures,
    webhooks,
    media: { ownResult: (url) => results.bytesAt(url), readVideo: readVideoHeader },
    submissions: [],
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    delay: (ms) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waits.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waits.add(done);
      }),
  };
  // Expired tasks and results are also freed when nobody polls, so a long-running app's memory stays flat.
  const sweeper = setInterval(() => tasks.sweep(), 60_000);
  sweeper.unref();
  base.on('request', requestListener(ctx, 'base'));
  regional.on('request', requestListener(ctx, 'regional'));

  let closing: Promise<void> | undefined;
  return {
    baseUrl: origin,
    regionalBaseUrl: regionalOrigin,
    demoKey: DEMO_KEY,
    addKey: (key, keyOptions) => accounts.add(key, keyOptions),
    inject: (rule) => failures.add(rule),
    clearFailures: () => failures.clear(),
    credits: (key) => accounts.credits(key),
    submissions: () => [...ctx.submissions],
    webhookDeliveries: () => [...webhooks.deliveries()],
    close: () => {
      closing ??= (async () => {
        clearInterval(sweeper);
        tasks.close();
        webhooks.close();
        for (const done of [...waits]) done();
        await Promise.all([close(base), close(regional)]);
      })();
      return closing;
    },
  };
}
