import { describe, expect, it } from 'vitest';
import { queuePositions } from './queueOrder';

const task = (id: string, keyId: string, state: string, createdAt: number) => ({ id, keyId, state, createdAt });

describe('queuePositions', () => {
  it('numbers each key’s waiting tasks from 1, oldest first, and no other task', () => {
    const positions = queuePositions([
      task('c', 'k1', 'queued', 30),
      task('a', 'k1', 'running', 10),
      task('b', 'k1', 'queued', 20),
      task('x', 'k2', 'queued', 40),
      task('d', 'k1', 'done', 5),
      task('e', 'k1', 'queued', 20),
    ]);
    expect([...positions].sort()).toEqual([
      ['b', 1],
      ['c', 3],
      ['e', 2],
      ['x', 1],
    ]);
  });

  it('puts the variations of one Generate, made in the same millisecond, in their order', () => {
    const v = (id: string, index: number) => ({ id, keyId: 'k', state: 'queued', createdAt: 7, group: { index } });
    const positions = queuePositions([v('z', 0), v('a', 2), v('m', 1)]);
    expect([positions.get('z'), positions.get('m'), positions.get('a')]).toEqual([1, 2, 3]);
  });
});
