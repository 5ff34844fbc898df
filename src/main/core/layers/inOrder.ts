/**
 * Runs `tasks` in order with at most `ahead` of them started beyond the one being handed on, and hands each
 * result to `take` in order: the next layers decode or compress on sharp's and zlib's threads while one is
 * written, and no more than that many are ever held at once.
 */
export async function inOrder<T>(tasks: ReadonlyArray<() => Promise<T>>, ahead: number, take: (value: T, index: number) => Promise<void>): Promise<void> {
  const started: Array<Promise<T> | undefined> = [];
  const start = (i: number) => {
    if (i >= tasks.length) return;
    const task = tasks[i]!();
    // a failure is thrown where it is awaited, in order; until then it is not "unhandled"
    task.catch(() => undefined);
    started[i] = task;
  };
  for (let i = 0; i <= ahead; i++) start(i);
  for (let i = 0; i < tasks.length; i++) {
    const value = await started[i]!;
    started[i] = undefined;
    start(i + ahead + 1);
    await take(value, i);
  }
}
