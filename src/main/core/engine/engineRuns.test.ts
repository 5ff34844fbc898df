import { readFile, writeFile } from 'node:fs/promises';
import { english } from '../../../shared/i18n/say';
import type { Words } from '../../../shared/i18n/words';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TaskInfo, TaskState } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import type { TaskRequest } from '../../../shared/tasks/taskRequest';
import { tempDir } from '../testing/tempDir';
import { EngineRuns, requestTaskId, type RunLive, type Told } from './engineRuns';
import { ENDED_STATES } from '../../../shared/tasks/taskStates';

const RunSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['running', 'paused', 'cancelled', 'finished']),
  size: z.number(),
  outcomes: z.record(z.string(), z.string()),
});
type Run = z.infer<typeof RunSchema>;
type Live = RunLive<Run>;

const RUN_ID = 'rn-00000000-0000-4000-8000-000000000001';

function task(id: string, state: TaskState): TaskInfo {
  return { id, state } as Partial<TaskInfo> as TaskInfo;
}

/** An engine that records what it is handed; `refuse` makes the next submissions fail, `pending` keeps them pending. */
class FakeEngine {
  readonly submitted: string[] = [];
  readonly cancelled: string[] = [];
  held: Array<(error: Error) => void> = [];
  refuse: Error | null = null;
  pending = false;
  saved: TaskInfo[] = [];

  /** how many times a submission was refused (a feed that spins would count up without end) */
  refusals = 0;

  /** the key active now, and the key each submission named */
  key = { connectionId: 'c-a', keyId: 'key-a' };
  readonly keys: Array<string | undefined> = [];
  currentKey = () => this.key;

  submit = (_request: TaskRequest, meta: { readonly id?: string; readonly on?: { readonly keyId: string } } = {}): Promise<TaskInfo> => {
    this.keys.push(meta.on?.keyId);
    // A test of a feed that could spin stops refusing after a while, so a spinning feed fails it instead of hanging it.
    if (this.refuse && ++this.refusals < 100) return Promise.reject(this.refuse);
    if (this.pending) return new Promise((_resolve, reject) => this.held.push(reject));
    this.submitted.push(meta.id!);
    return Promise.resolve(task(meta.id!, 'queued'));
  };
  /** what is held in the queue now, by the run's pause */
  readonly heldIds = new Set<string>();
  hold = (ids: readonly string[], why: Words | null): Promise<void> => {
    for (const id of ids) if (why === null) this.heldIds.delete(id);
    else if (this.submitted.includes(id)) this.heldIds.add(id);
    return Promise.resolve();
  };
  heldRefusal = () => null;
  list = (): TaskInfo[] => this.saved;
  get = (id: string): TaskInfo => {
    const t = this.saved.find((s) => s.id === id);
    if (!t) throw new IpcFailure('not-found', 'That task is no longer in the queue.');
    return t;
  };
  cancel = (id: string): Promise<TaskInfo> => {
    this.cancelled.push(id);
    return Promise.resolve(task(id, 'cancelled'));
  };
}

/** The smallest kind of run: `size` requests whose outcome is their task's end state, or why it was refused. */
class TestRuns extends EngineRuns<Run, Live, Run> {
  readonly told: string[] = [];

  constructor(
    dir: string,
    readonly engine: FakeEngine,
    readonly notices: string[],
  ) {
    super({ dir, what: 'run', capGroup: 'batch', prefix: 'rn', owns: (taskId) => taskId.startsWith('rn-'), schema: RunSchema, ahead: 2, engine, notices: { add: (level, said) => { const message = typeof said === 'string' ? said : english(said); notices.push(message); return { id: message, level, message, at: 0 }; } }, log: { info: () => {}, warn: () => {}, error: () => {} }, now: () => 0 });
  }

  static async open(dir: string, engine = new FakeEngine(), notices: string[] = []): Promise<TestRuns> {
    const runs = new TestRuns(dir, engine, notices);
    await runs.begin();
    await runs.flush();
    return runs;
  }

  async begin(): Promise<void> {
    await this.load();
    this.start();
  }

  /** What a service does with the engine's reports: a request's end is noted, and the next goes. */
  async report(index: number, state: TaskState): Promise<void> {
    const live = this.runs.get(RUN_ID);
    const t = task(this.taskIdOf(live, index), state);
    this.tasks.set(t.id, t);
    if (!ENDED_STATES.has(state)) return;
    this.ended(live, index, t);
    this.runs.save(live);
    this.settleIfDone(live);
    await this.pump(live);
    await this.flush();
  }

  protected revive(record: Run): Live {
    return { record, pumping: null, saving: null, dirty: false };
  }
  protected count(live: Live): number {
    return live.record.size;
  }
  protected capRequests(_live: Live, indexes: readonly number[]): Promise<Array<{ endpointId: string }>> {
    return Promise.resolve(indexes.map(() => ({ endpointId: 'gen-dev' })));
  }
  protected taskIdOf(live: Live, index: number): string {
    return `${live.record.id}-${index}`;
  }
  protected request(): Promise<{ request: TaskRequest; meta: { projectId: null } }> {
    return Promise.resolve({ request: { endpointId: 'gen-dev', params: {}, inputs: {} }, meta: { projectId: null } });
  }
  protected ended(live: Live, index: number, t: TaskInfo): void {
    live.record = { ...live.record, outcomes: { ...live.record.outcomes, [index]: t.state } };
    live.dirty = true;
  }
  protected refused(live: Live, index: number, problem: Told): void {
    live.record = { ...live.record, outcomes: { ...live.record.outcomes, [index]: problem.message } };
    live.dirty = true;
    this.runs.save(live);
  }
  protected requestChanged(_live: Live, index: number): void {
    this.told.push(`request ${index}`);
  }
  protected runChanged(live: Live): void {
    this.told.push(live.record.status);
  }
  protected info(live: Live): Run {
    return live.record;
  }
}

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  dir = await tempDir('engine-runs');
});
afterEach(() => dir.remove());

async function saveRun(size: number, status: Run['status'] = 'running'): Promise<void> {
  const run: Run = { id: RUN_ID, name: 'Foxes', status, size, outcomes: {} };
  await writeFile(join(dir.path, `${RUN_ID}.json`), JSON.stringify(run));
}

describe('a run of saved records through the engine', () => {
  it('hands the engine `ahead` requests at most, the next as one ends, and finishes when all have ended', async () => {
    await saveRun(3);
    const runs = await TestRuns.open(dir.path);
    expect(runs.engine.submitted).toEqual([`${RUN_ID}-0`, `${RUN_ID}-1`]);

    await runs.report(0, 'done');
    expect(runs.engine.submitted).toEqual([`${RUN_ID}-0`, `${RUN_ID}-1`, `${RUN_ID}-2`]);
    await runs.report(1, 'failed');
    expect(runs.get(RUN_ID).status).toBe('running');
    await runs.report(2, 'done');
    expect(runs.get(RUN_ID).status).toBe('finished');
    const saved = RunSchema.parse(JSON.parse(await readFile(join(dir.path, `${RUN_ID}.json`), 'utf8')));
    expect(saved).toMatchObject({ status: 'finished', outcomes: { 0: 'done', 1: 'failed', 2: 'done' } });
  });

  it('pauses, and says why, when a refusal would hold for every other request too', async () => {
    await saveRun(3);
    const engine = new FakeEngine();
    engine.refuse = new IpcFailure('spending-cap', 'Not sent: the daily cap is reached.');
    const runs = await TestRuns.open(dir.path, engine);

    expect(runs.get(RUN_ID)).toMatchObject({ status: 'paused', outcomes: { 0: 'Not sent: the daily cap is reached.' } });
    expect(runs.notices).toEqual(['The run “Foxes” is paused: Not sent: the daily cap is reached.']);
    expect(runs.told).toEqual(['request 0', 'paused']);
  });

  it('goes on past a refusal of one request alone', async () => {
    await saveRun(2);
    const engine = new FakeEngine();
    engine.refuse = new IpcFailure('validation', 'The prompt is empty.');
    const runs = await TestRuns.open(dir.path, engine);
    expect(runs.get(RUN_ID)).toMatchObject({ status: 'finished', outcomes: { 0: 'The prompt is empty.', 1: 'The prompt is empty.' } });
    expect(runs.notices).toEqual([]);
  });

  it('fails a request the engine refuses with a conflict it holds no task for, in words, and pauses: the feed never spins', async () => {
    await saveRun(3);
    const engine = new FakeEngine();
    const why = 'Gen Studio did not send the key “Studio” to other.example: the new address was not confirmed.';
    engine.refuse = new IpcFailure('conflict', why);
    const runs = await TestRuns.open(dir.path, engine);

    expect(engine.refusals).toBe(1);
    expect(runs.get(RUN_ID)).toMatchObject({ status: 'paused', outcomes: { 0: why } });
    expect(runs.notices).toEqual([`The run “Foxes” is paused: ${why}`]);
  });

  it('takes a task the engine already holds under the request\'s name as that request, and sends it no second time', async () => {
    await saveRun(1);
    const engine = new FakeEngine();
    engine.refuse = new IpcFailure('conflict', 'That request is recorded already.');
    const runs = new TestRuns(dir.path, engine, []);
    await runs.begin();
    // handed over before a crash, but not yet listed when the run was read
    engine.saved = [task(`${RUN_ID}-0`, 'running')];
    await runs.flush();

    expect(engine.refusals).toBe(1);
    expect(runs.get(RUN_ID)).toMatchObject({ status: 'running', outcomes: {} });
    expect(runs.told).toEqual(['request 0']);
  });

  it('on Pause holds in the engine\'s queue what it was handed and did not send, on Resume lets it go, and a start holds it as saved', async () => {
    await saveRun(3);
    const runs = await TestRuns.open(dir.path);
    await runs.report(0, 'running');
    await runs.pause(RUN_ID);
    expect([...runs.engine.heldIds]).toEqual([`${RUN_ID}-0`, `${RUN_ID}-1`]);
    expect(runs.get(RUN_ID).status).toBe('paused');

    const again = await TestRuns.open(dir.path, runs.engine);
    expect(again.get(RUN_ID).status).toBe('paused');
    expect(runs.engine.heldIds.size).toBe(2);
    await again.resume(RUN_ID);
    expect(runs.engine.heldIds.size).toBe(0);
  });

  it('sends every request on the key active when it started, whichever is active later, and pauses in words when that key is gone', async () => {
    await saveRun(4);
    const runs = await TestRuns.open(dir.path);
    runs.engine.key = { connectionId: 'c-b', keyId: 'key-b' };
    await runs.report(0, 'done');
    await runs.report(1, 'done');
    expect(runs.engine.keys).toEqual(['key-a', 'key-a', 'key-a', 'key-a']);
    const saved = JSON.parse(await readFile(join(dir.path, `${RUN_ID}.json`), 'utf8')) as { on: unknown };
    expect(saved.on).toEqual({ connectionId: 'c-a', keyId: 'key-a' });

    await saveRun(2);
    const engine = new FakeEngine();
    engine.refuse = new IpcFailure('not-found', 'The key for “Studio” was removed. Add a key to use this connection.');
    const gone = await TestRuns.open(dir.path, engine);
    expect(gone.get(RUN_ID).status).toBe('paused');
    expect(gone.notices).toEqual(['The run “Foxes” is paused: The key for “Studio” was removed. Add a key to use this connection.']);
  });

  it('cancels in the queue only what was never sent, and can be resumed only once paused', async () => {
    await saveRun(3);
    const runs = await TestRuns.open(dir.path);
    await expect(runs.resume(RUN_ID)).rejects.toThrow('Only a paused run can be resumed.');
    await runs.report(0, 'running');

    const cancelled = await runs.cancel(RUN_ID);
    expect(cancelled.status).toBe('cancelled');
    expect(runs.engine.cancelled).toEqual([`${RUN_ID}-1`]);
  });

  it('at start, notes the requests whose task ended while Gen Studio was closed, and finishes the run', async () => {
    await saveRun(2);
    const engine = new FakeEngine();
    engine.saved = [task(`${RUN_ID}-0`, 'done'), task(`${RUN_ID}-1`, 'moderated'), task('someone-else', 'done')];
    const runs = await TestRuns.open(dir.path, engine);

    expect(engine.submitted).toEqual([]);
    expect(runs.get(RUN_ID)).toMatchObject({ status: 'finished', outcomes: { 0: 'done', 1: 'moderated' } });
  });

  it('once stopped for closing, hands nothing more over and takes a refusal on the way out as no failure', async () => {
    await saveRun(3);
    const engine = new FakeEngine();
    engine.pending = true;
    const runs = new TestRuns(dir.path, engine, []);
    await runs.begin();
    while (engine.held.length === 0) await Promise.resolve();
    runs.stop();
    for (const reject of engine.held) reject(new IpcFailure('unavailable', 'Gen Studio is closing.'));
    await runs.flush();

    expect(engine.held).toHaveLength(1);
    expect(runs.get(RUN_ID)).toMatchObject({ status: 'running', outcomes: {} });
    expect(runs.notices).toEqual([]);
  });
});

describe('a request task id', () => {
  it('is the one already on disk: a hash of the parts, then the parts', () => {
    // Tasks saved before a restart are matched by these names: a change here would send every request again.
    expect(requestTaskId('bt-00000000-0000-4000-8000-000000000001', 7, 2)).toBe('67993eea9d92-bt-00000000-0000-4000-8000-000000000001-7-2');
    expect(requestTaskId('mx-00000000-0000-4000-8000-000000000002', 12)).toBe('ed47f0a23833-mx-00000000-0000-4000-8000-000000000002-12');
  });
});
