import { randomUUID } from 'node:crypto';
import { findEndpoint } from '../../../shared/catalog/catalog';
import type { TaskInfo } from '../../../shared/ipc/contract';
import { SPENDING_PERIODS } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { takesSeed, variationSeeds } from '../../../shared/studio/variations';
import type { TaskRequest } from '../../../shared/tasks/taskRequest';
import type { SpendingService } from '../spending/spendingService';
import { msg } from './messages';
import type { TaskEngine } from './taskEngine';

export interface GroupSubmitDeps {
  readonly engine: Pick<TaskEngine, 'submit' | 'reservation' | 'expectedUsage'>;
  readonly spending: Pick<SpendingService, 'activeKeyId' | 'caps' | 'check' | 'estimate' | 'keyLabel'>;
  readonly random: () => number;
}

export interface GroupRequest {
  readonly request: TaskRequest;
  readonly count: number;
  readonly projectId: string | null;
}

/**
 * One press of Generate with variations. The caps see the whole group before any of it is sent: the check
 * counts the other variations as already on their way, so it refuses a group whose total would cross a cap
 * exactly as it would refuse its last task. Then each variation goes through the engine's own submit (which
 * validates and checks again) with its own seed.
 */
export async function submitGroup(d: GroupSubmitDeps, { request, count, projectId }: GroupRequest): Promise<TaskInfo[]> {
  const endpoint = findEndpoint(request.endpointId);
  if (!endpoint) throw new IpcFailure('validation', msg.notATaskEndpoint(request.endpointId));
  if (count > 1) await checkGroupCaps(d, request, endpoint.title, count);

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
      const why = error instanceof Error ? error.message : msg.refusedAnyway;
      throw new IpcFailure(error instanceof IpcFailure ? error.code : 'internal', msg.groupPartlySent(index, count, why));
    }
  }
  return tasks;
}

async function checkGroupCaps(d: GroupSubmitDeps, request: TaskRequest, title: string, count: number): Promise<void> {
  const keyId = d.spending.activeKeyId();
  const caps = d.spending.caps(keyId);
  if (!SPENDING_PERIODS.some((p) => caps[p] !== null)) return;
  // The same price model the studio shows and each variation is checked with, at this request's size and inputs.
  const usage = await d.engine.expectedUsage(request);
  const reserved = d.engine.reservation(keyId);
  const estimate = d.spending.estimate(keyId, request.endpointId, usage);
  if (!estimate) {
    throw new IpcFailure('spending-cap', msg.groupNotPriced(title, d.spending.keyLabel(keyId), count));
  }
  d.spending.check(keyId, request.endpointId, usage, { amount: reserved.amount + (count - 1) * estimate.cost, unpriced: reserved.unpriced });
}
