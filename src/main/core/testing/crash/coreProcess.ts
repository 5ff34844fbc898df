/**
 * Gen Studio's core as a process of its own, for the crash test, which kills it with SIGKILL at random
 * moments. Boots on a data folder, adds the test's key the first time, submits tasks until the folder holds
 * `total`, and prints every task state it sees (one JSON line each), then `settled` once all have ended.
 *
 *   coreProcess <options as JSON: { dataDir, secretsFile, baseUrl, key, total, holdResults? }>
 *
 * With `holdResults`, fetching a result never ends (a step held mid-way, for the crash-loop test to kill it
 * there); every result fetch is reported as `fetching-result` either way. Notices are printed as `notice`.
 */
import type { TaskInfo } from '../../../../shared/ipc/contract';
import { ENDED_STATES } from '../../../../shared/tasks/taskStates';
import { eventChannel } from '../../../../shared/ipc/define';
import { CoreEvents } from '../../events';
import { bootCore, readOptions, say, type BootOptions } from './bootCore';

interface Options extends BootOptions {
  readonly total: number;
  readonly holdResults?: boolean;
}
const o = readOptions<Options>();

const events = new CoreEvents();
const tasks = new Map<string, TaskInfo>();
let settledSaid = false;
const checkSettled = () => {
  if (!settledSaid && tasks.size >= o.total && [...tasks.values()].every((t) => ENDED_STATES.has(t.state))) {
    settledSaid = true;
    say({ event: 'settled' });
  }
};
events.attach((channel, payload) => {
  if (channel !== eventChannel('tasks.updated')) return;
  const t = payload as TaskInfo;
  tasks.set(t.id, t);
  say({ event: 'state', id: t.id, state: t.state, ...(process.env.CRASH_DEBUG ? { detail: t.detail, error: t.error?.message } : {}) });
  if (process.env.CRASH_DEBUG) process.stderr.write(`${t.state} ${t.detail ?? ''} ${t.error?.message ?? ''}\n`);
  checkSettled();
});
events.attach((channel, payload) => {
  if (channel === eventChannel('app.notice')) say({ event: 'notice', message: (payload as { message: string }).message });
});
/** Where the Sandbox serves results (its signed addresses, `/results/<task id>/sample.<ext>`). */
const RESULT_PATH = '/results/';
const fetchResults: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!url.pathname.startsWith(RESULT_PATH)) return fetch(input, init);
  say({ event: 'fetching-result' });
  if (!o.holdResults) return fetch(input, init);
  return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
};
const { call } = await bootCore(o, events, fetchResults);
for (const t of await call<TaskInfo[]>('tasks.list')) tasks.set(t.id, t);
say({ event: 'started', tasks: tasks.size });
// Prompts are numbered by how many tasks the folder already holds: a task killed before its record was written
// was never sent, so its number is used again; one whose record exists is counted.
for (let n = tasks.size; n < o.total; n++) {
  const t = await call<TaskInfo>('tasks.submit', { endpointId: 'gen-dev', params: { prompt: `crash test ${n}`, width: 256, height: 256, seed: n }, inputs: {} });
  tasks.set(t.id, t);
}
checkSettled();
