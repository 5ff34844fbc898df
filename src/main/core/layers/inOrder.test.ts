import { describe, expect, it } from 'vitest';
import { inOrder } from './inOrder';

/** Tasks that resolve only when the test says so, recording which have started. */
function controlled(n: number) {
  const started: number[] = [];
  const resolvers: Array<() => void> = [];
  const tasks = Array.from({ length: n }, (_, i) => () => {
    started.push(i);
    return new Promise<number>((resolve) => (resolvers[i] = () => resolve(i)));
  });
  return { started, resolvers, tasks };
}
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('tasks run ahead in order', () => {
  it('keeps `ahead` tasks started beyond the one being handed on, and hands results on in order', async () => {
    const { started, resolvers, tasks } = controlled(5);
    const taken: number[] = [];
    const seen: number[][] = [];
    const done = inOrder(tasks, 1, async (v) => {
      taken.push(v);
      seen.push([...started]);
    });
    await settle();
    expect(started).toEqual([0, 1]);
    resolvers[1]!();
    await settle();
    expect(taken).toEqual([]);
    resolvers[0]!();
    await settle();
    // while 0 is taken, 1 is next to hand on and 2 is the one ahead of it
    expect(seen[0]).toEqual([0, 1, 2]);
    for (const r of [2, 3, 4]) {
      resolvers[r]!();
      await settle();
    }
    await done;
    expect(taken).toEqual([0, 1, 2, 3, 4]);
  });

  it('starts several light tasks at once when `ahead` is a weight', async () => {
    // a full picture, four at a quarter of its weight, then two full ones
    const weights = [1, 1 / 4, 1 / 4, 1 / 4, 1 / 4, 1, 1];
    const { started, resolvers, tasks } = controlled(weights.length);
    const done = inOrder(tasks, 1, async () => undefined, (i) => weights[i]!);
    await settle();
    // beyond 0, the four light ones weigh one: the next full one waits
    expect(started).toEqual([0, 1, 2, 3, 4]);
    resolvers[0]!();
    await settle();
    // 1 is next to hand on; beyond it three quarters, so 5 starts (and then 6 waits)
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    for (const r of [1, 2, 3]) {
      resolvers[r]!();
      await settle();
    }
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    resolvers[4]!();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const r of [5, 6]) resolvers[r]!();
    await done;
  });
});
