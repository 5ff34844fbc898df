/**
 * Gen Studio's core as a process of its own, for the Explore crash test, which kills it with SIGKILL in the
 * middle of a matrix. Boots on a data folder, adds the test's key the first time, starts the matrix when the
 * folder holds none, and prints every cell task's state (one JSON line each), then `finished` once the matrix
 * has finished.
 *
 *   exploreCoreProcess <options as JSON: { dataDir, secretsFile, baseUrl, key, spec }>
 */
import type { MatrixInfo, TaskInfo } from '../../../../shared/ipc/contract';
import { eventChannel } from '../../../../shared/ipc/define';
import type { MatrixSpec } from '../../../../shared/explore/matrix';
import { CoreEvents } from '../../events';
import { bootCore, readOptions, say, type BootOptions } from './bootCore';

interface Options extends BootOptions {
  readonly spec: MatrixSpec;
}
const o = readOptions<Options>();

const events = new CoreEvents();
events.attach((channel, payload) => {
  if (channel === eventChannel('tasks.updated')) {
    const t = payload as TaskInfo;
    say({ event: 'state', id: t.id, state: t.state });
  }
  if (channel === eventChannel('explore.changed') && (payload as MatrixInfo).status === 'finished') say({ event: 'finished' });
});
const { call } = await bootCore(o, events);
const matrices = await call<MatrixInfo[]>('explore.list', {});
if (matrices.length === 0) await call('explore.start', { spec: o.spec, projectId: null });
else if (matrices[0]!.status === 'finished') say({ event: 'finished' });
say({ event: 'started', resumed: matrices.length > 0 });
