import { randomUUID } from 'node:crypto';
import { refusedWith, saidOf } from '../i18n/refusal';
import { findEndpoint } from '../../../shared/catalog/catalog';
import type { TaskInfo } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { takesSeed, variationSeeds } from '../../../shared/studio/variations';
import type { TaskRequest } from '../../../shared/tasks/taskRequest';
import type { SpendingService } from '../spending/spendingService';
import { checkGroup } from './capCheck';
import { msg } from './messages';
import type { TaskEngine } from './taskEngine';

export interface GroupSubmitDeps {
  readonly engine: Pick<TaskEngine, 'submit' | 'reservation' | 'expectedUsage'>;
  readonly spending: Pick<SpendingService, 'activeKeyId' | 'refusal'>;
  readonly random: () => number;
}

export interface GroupRequest {
  readonly request: TaskRequest;
  readonly count: number;
  readonly projectId: string | null;
}

/**
 * One press of Generate with variations. The caps see the whole group before any of it is sent (capCheck.ts),
 * so a group whose total would cross a cap sends nothing. Then each variation goes through the engine's own
 * submit (which validates and checks again) with its own seed.
 */
export async function submitGroup(d: GroupSubmitDeps, { request, count, projectId }: GroupRequest): Promise<TaskInfo[]> {
  const endpoint = findEndpoint(request.endpointId);
  if (!endpoint) throw refusedWith('validation', msg.notATaskEndpoint(request.endpointId));
  // The caps see the whole group before any of it is sent; each variation is checked again as it goes.
  if (count > 1) {
    const usage = await d.engine.expectedUsage(request);
    checkGroup(d, { what: 'variations', requests: Array.from({ length: count }, () => ({ endpointId: request.endpointId, usage })) });
  }

  const seeds = takesSeed(endpoint) ? variationSeeds(count, request.params.seed, d.random) : null;
  const groupId = randomUUID();
  const tasks: TaskInfo[] = [];
  for (let index = 0; index < count; index++) {
    const params = seeds ? { ...request.params, seed: seeds[index]! } : request.params;
    try {
      tasks.push(await d.engine.submit({ ...request, params }, { projectId, group: { id: groupId, index, count } }));
    } catch (error) {
      // The first refusal is the whole answer (nothing was sent); a later one says how many went.
      if (index === 0) throw error;
      const why = saidOf(error, msg.refusedAnyway);
      throw refusedWith(error instanceof IpcFailure ? error.code : 'internal', msg.groupPartlySent(index, count, why));
    }
  }
  return tasks;
}
