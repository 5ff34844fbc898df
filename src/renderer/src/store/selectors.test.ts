import { describe, expect, it } from 'vitest';
import type { ConnectionInfo, TaskInfo, TaskState } from '../../../shared/ipc/contract';
import { selectActiveConnection, selectTaskCounts, selectTasksNewestFirst, taskGroupOf } from './selectors';

const connection = (id: string, active: boolean): ConnectionInfo => ({
  id,
  label: id,
  kind: 'service',
  baseUrl: null,
  regionalBaseUrl: null,
  endpointWord: 'gen',
  keyLabel: null,
  keyHint: null,
  active,
  note: '',
});

const task = (id: string, state: TaskState, createdAt = 0): TaskInfo => ({
  id,
  endpointId: 'gen-dev',
  state,
  serviceStatus: null,
  progress: null,
  detail: null,
  params: {},
  inputAssetIds: [],
  createdAt,
  updatedAt: createdAt,
  submittedAt: null,
  finishedAt: null,
  nextAttemptAt: null,
  remoteId: null,
  cost: null,
  settledCost: null,
  inputMp: null,
  outputMp: null,
  moderationReasons: [],
  error: null,
  resultId: null,
  connectionLabel: 'Sandbox',
  keyLabel: null,
  keyId: 'k1',
  canCancel: false,
  cancelWarning: null,
  canRetry: false,
  retryWarning: null,
  canSend: false,
  projectId: null,
  group: null,
  origin: 'generate',
});

describe('selectActiveConnection', () => {
  it('finds the active connection', () => {
    expect(selectActiveConnection({ connections: [connection('a', false), connection('b', true)] })?.id).toBe('b');
    expect(selectActiveConnection({ connections: [] })).toBeUndefined();
  });
});

describe('task selectors', () => {
  it('list the newest first', () => {
    const tasks = { a: task('a', 'done', 1), b: task('b', 'queued', 3), c: task('c', 'running', 2) };
    expect(selectTasksNewestFirst({ tasks }).map((t) => t.id)).toEqual(['b', 'c', 'a']);
  });

  it('count tasks by what they need from the user', () => {
    const tasks = {
      a: task('a', 'ready-to-send'),
      b: task('b', 'queued'),
      c: task('c', 'running'),
      d: task('d', 'outcome-unknown'),
      e: task('e', 'failed'),
      f: task('f', 'done'),
      g: task('g', 'moderated'),
    };
    expect(selectTaskCounts({ tasks })).toEqual({ waiting: 2, active: 1, attention: 2, finished: 2, readyToSend: 1 });
    expect(taskGroupOf({ state: 'outcome-unknown' })).toBe('attention');
  });
});
