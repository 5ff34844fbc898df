import { submitGroup, type GroupSubmitDeps } from '../engine/groupSubmit';
import type { TaskEngine } from '../engine/taskEngine';
import type { HandlersFor } from './types';

export function taskHandlers(engine: TaskEngine): HandlersFor<'tasks.submit' | 'tasks.list' | 'tasks.cancel' | 'tasks.retry' | 'tasks.send' | 'tasks.clear'> {
  return {
    'tasks.submit': (request) => engine.submit(request),
    'tasks.list': async () => engine.list(),
    'tasks.cancel': ({ id }) => engine.cancel(id),
    'tasks.retry': ({ id, acceptDoubleCharge }) => engine.retry(id, acceptDoubleCharge ?? false),
    'tasks.send': async ({ ids }) => ({ sent: await engine.sendNow(ids) }),
    'tasks.clear': async ({ id }) => ({ removed: await engine.clear(id) }),
  };
}

export function groupHandlers(deps: GroupSubmitDeps): HandlersFor<'tasks.submitGroup'> {
  return {
    'tasks.submitGroup': (input) => submitGroup(deps, input),
  };
}
