/**
 * Runs `tasks` in order with at most `ahead` of them started beyond the one being handed on, and hands each
 * result to `take` in order: the next layers decode or compress on sharp's and zlib's threads while one is
 * written, and no more than that many are ever held at once.
 *
 * With `weigh`, `ahead` is a weight instead of a count: a task is started while those started beyond the next one
 * to be handed on weigh less than `ahead`. A PSD's small layers (references) weigh a fraction of a full picture,
 * so several of them are made at once and both cores stay busy to the end instead of waiting on one small job at
 * a time.
 */
export async function inOrder<T>(
  tasks: ReadonlyArray<() => Promise<T>>,
  ahead: number,
  take: (value: T, index: number) => Promise<void>,
  weigh: (index: number) => number = () => 1,
): Promise<void> {
  const started: Array<Promise<T> | undefined> = [];
  let next = 0;
  /** the weight of the tasks started beyond `head`, the next one to be handed on */
  let beyond = 0;
  const fill = (head: number) => {
    while (next < tasks.length && (next <= head || beyond < ahead)) {
      const task = tasks[next]!();
      // a failure is thrown where it is awaited, in order; until then it is not "unhandled"
      task.catch(() => undefined);
      started[next] = task;
      if (next > head) beyond += weigh(next);
      next++;
    }
  };
  for (let i = 0; i < tasks.length; i++) {
    fill(i);
    const value = await started[i]!;
    started[i] = undefined;
    // i is done: the next one to hand on no longer counts as ahead of it
    if (i + 1 < next) beyond -= weigh(i + 1);
    fill(i + 1);
    await take(value, i);
  }
}
