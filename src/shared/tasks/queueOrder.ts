/** What a task's place in line depends on. */
export interface InLine {
  readonly id: string;
  readonly keyId: string;
  readonly state: string;
  readonly createdAt: number;
  readonly group?: { readonly index: number } | null;
}

/**
 * Tasks waiting for a slot go oldest first; the engine takes them in this order. Those made in the same
 * millisecond (the variations of one Generate) go in their group's order, and then by id, so that the engine and
 * every view agree on the line whatever order they learnt of its tasks in.
 */
export const queueOrder = (a: InLine, b: InLine): number =>
  a.createdAt - b.createdAt || (a.group?.index ?? 0) - (b.group?.index ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Each waiting task's place in its key's line, from 1. Worked out wherever the line is shown rather than sent
 * with every task: when the first task of a line of 400 leaves it, the 399 others move up without a word each.
 */
export function queuePositions(tasks: Iterable<InLine>): ReadonlyMap<string, number> {
  const lines = new Map<string, InLine[]>();
  for (const t of tasks) {
    if (t.state !== 'queued') continue;
    const line = lines.get(t.keyId);
    if (line) line.push(t);
    else lines.set(t.keyId, [t]);
  }
  const positions = new Map<string, number>();
  for (const line of lines.values()) line.sort(queueOrder).forEach((t, i) => positions.set(t.id, i + 1));
  return positions;
}
