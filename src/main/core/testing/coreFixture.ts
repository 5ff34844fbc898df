import type { CallRequest, CallResponse } from '../../../shared/ipc/api';
import type { CallName, TaskInfo } from '../../../shared/ipc/contract';
import { eventChannel } from '../../../shared/ipc/define';
import type { IpcResult } from '../../../shared/ipc/result';
import { createDispatcher } from '../../ipc/dispatcher';
import { createCore, type Core } from '../createCore';
import { CoreEvents } from '../events';
import type { CoreDeps, SecretStore } from '../deps';
import { nodeDeps } from '../nodeDeps';
import { captureLog, type LogLine } from './captureLog';
import type { FakeClock } from './fakeClock';
import { MemoryKeychain } from './memoryKeychain';
import { testSandboxLauncher } from './sandboxLauncher';

const TRUSTED = { url: 'app://gen-studio/index.html', isMainFrame: true };

export interface CoreFixture {
  readonly core: Core;
  readonly clock: FakeClock | undefined;
  readonly log: LogLine[];
  readonly events: Array<{ channel: string; payload: unknown }>;
  /** The latest view of every task, from `tasks.updated` events. */
  readonly tasks: Map<string, TaskInfo>;
  /** Every call result, in order (for scanning). */
  readonly results: Array<IpcResult<unknown>>;
  call<N extends CallName>(name: N, ...request: CallRequest<N> extends undefined ? [] : [CallRequest<N>]): Promise<IpcResult<CallResponse<N>>>;
  /** Like `call`, but throws on a failed result. */
  ok<N extends CallName>(name: N, ...request: CallRequest<N> extends undefined ? [] : [CallRequest<N>]): Promise<CallResponse<N>>;
  task(id: string): TaskInfo;
}

/**
 * A core as the app builds it, reached through the same dispatcher (schemas, typed errors) as the renderer,
 * with its events and log recorded.
 */
export async function startCore(o: {
  dataDir: string;
  fetch?: typeof fetch;
  clock?: FakeClock;
  secrets?: SecretStore;
  deps?: Partial<CoreDeps>;
}): Promise<CoreFixture> {
  const log = captureLog();
  const coreEvents = new CoreEvents();
  const events: Array<{ channel: string; payload: unknown }> = [];
  const tasks = new Map<string, TaskInfo>();
  const updated = eventChannel('tasks.updated');
  coreEvents.attach((channel, payload) => {
    events.push({ channel, payload });
    if (channel === updated) tasks.set((payload as TaskInfo).id, payload as TaskInfo);
  });
  const core = await createCore({
    ...nodeDeps({ dataDir: o.dataDir, mediaBase: 'gen-media://m/' }),
    sandboxLauncher: testSandboxLauncher(),
    ...(o.clock ? { clock: o.clock } : {}),
    ...(o.fetch ? { fetch: o.fetch } : {}),
    secrets: o.secrets ?? new MemoryKeychain(),
    log,
    random: () => 0.5,
    ...o.deps,
  }, { events: coreEvents });
  const dispatcher = createDispatcher(core.handlers, () => true, core.log);
  const results: Array<IpcResult<unknown>> = [];
  const call = async (name: CallName, request?: unknown) => {
    const result = await dispatcher.dispatch(name, request, TRUSTED);
    results.push(result);
    return result;
  };
  const fixture: CoreFixture = {
    core,
    clock: o.clock,
    log: log.lines,
    events,
    tasks,
    results,
    call: call as CoreFixture['call'],
    ok: (async (name: CallName, request?: unknown) => {
      const result = await call(name, request);
      if (!result.ok) throw Object.assign(new Error(`${name}: ${result.error.code}: ${result.error.message}`), { error: result.error });
      return result.value;
    }) as CoreFixture['ok'],
    task: (id) => {
      const t = tasks.get(id);
      if (!t) throw new Error(`no events for task ${id}`);
      return t;
    },
  };
  return fixture;
}
