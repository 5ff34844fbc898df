/**
 * Gen Studio's core as a process of its own, for the Explore crash test, which kills it with SIGKILL in the
 * middle of a matrix. Boots on a data folder, adds the test's key the first time, starts the matrix when the
 * folder holds none, and prints every cell task's state (one JSON line each), then `finished` once the matrix
 * has finished.
 *
 *   exploreCoreProcess <options as JSON: { dataDir, secretsFile, baseUrl, key, spec }>
 */
import { createCore } from '../../createCore';
import { systemClock } from '../../deps';
import { CoreEvents } from '../../events';
import { nodeDeps } from '../../nodeDeps';
import type { MatrixInfo, TaskInfo } from '../../../../shared/ipc/contract';
import { eventChannel } from '../../../../shared/ipc/define';
import type { MatrixSpec } from '../../../../shared/explore/matrix';
import { FileKeychain } from './fileKeychain';

interface Options {
  readonly dataDir: string;
  readonly secretsFile: string;
  readonly baseUrl: string;
  readonly key: string;
  readonly spec: MatrixSpec;
}
const o = JSON.parse(process.argv[2] ?? '{}') as Options;
const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

const events = new CoreEvents();
events.attach((channel, payload) => {
  if (channel === eventChannel('tasks.updated')) {
    const t = payload as TaskInfo;
    say({ event: 'state', id: t.id, state: t.state });
  }
  if (channel === eventChannel('explore.changed') && (payload as MatrixInfo).status === 'finished') say({ event: 'finished' });
});
const core = await createCore({ ...nodeDeps({ dataDir: o.dataDir, mediaBase: 'gen-media://m/' }), fetch, clock: systemClock, secrets: new FileKeychain(o.secretsFile) }, { events });
const call = async <T>(name: keyof typeof core.handlers, request?: unknown): Promise<T> => (core.handlers[name] as (r: unknown) => Promise<T>)(request);

const keys = await call<Array<{ id: string }>>('keys.list');
if (keys.length === 0) {
  await call('keys.add', {
    label: 'Crash test',
    organization: '',
    project: '',
    secret: o.key,
    connection: { create: { label: 'Sandbox process', baseUrl: o.baseUrl, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
}
const alive = setInterval(() => undefined, 1 << 30);
process.stdin.resume();
process.stdin.on('end', () => {
  clearInterval(alive);
  void core.dispose().then(() => process.exit(0));
});
const matrices = await call<MatrixInfo[]>('explore.list', {});
if (matrices.length === 0) await call('explore.start', { spec: o.spec, projectId: null });
else if (matrices[0]!.status === 'finished') say({ event: 'finished' });
say({ event: 'started', resumed: matrices.length > 0 });
