import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TASK_STATES, type TaskState } from '../ipc/contract/tasks';
import { ACTIVE_STATES, ENDED_STATES, ENDED_WITHOUT_RESULT_STATES, ENGINE_RETRY_STATES, NOT_SENT_STATES, WORKING_STATES } from './taskStates';

const subset = (a: ReadonlySet<TaskState>, b: ReadonlySet<TaskState>) => [...a].every((s) => b.has(s));

describe('task state groups', () => {
  it('every state is either ended or working, never both', () => {
    for (const s of TASK_STATES) expect(ENDED_STATES.has(s) !== WORKING_STATES.has(s)).toBe(true);
    expect(ENDED_STATES.size + WORKING_STATES.size).toBe(TASK_STATES.length);
  });

  it('not sent and active split the working states', () => {
    expect([...NOT_SENT_STATES].some((s) => ACTIVE_STATES.has(s))).toBe(false);
    expect(NOT_SENT_STATES.size + ACTIVE_STATES.size).toBe(WORKING_STATES.size);
  });

  it('the retry groups are ended states, the engine one within the batch one', () => {
    expect(subset(ENDED_WITHOUT_RESULT_STATES, ENDED_STATES)).toBe(true);
    expect(subset(ENGINE_RETRY_STATES, ENDED_WITHOUT_RESULT_STATES)).toBe(true);
    expect(ENDED_WITHOUT_RESULT_STATES.has('done')).toBe(false);
  });
});

const SRC = join(__dirname, '../..');
const HOME = relative(SRC, join(__dirname, 'taskStates.ts'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('one definition of the task state groups', () => {
  it('no file but taskStates.ts builds a set of task state names', () => {
    const states = new Set<string>(TASK_STATES);
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (relative(SRC, file) === HOME) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/new Set(?:<[^>]*>)?\(\[([^\]]*)\]/g)) {
        const literals = [...(m[1] ?? '').matchAll(/'([^']*)'/g)].filter((l) => states.has(l[1] ?? ''));
        if (literals.length >= 2) offenders.push(`${relative(SRC, file)}: ${m[0].slice(0, 80)}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('no file spells a group out as a chain of comparisons (`state === \'failed\' || …`)', () => {
    const groups = [ENDED_WITHOUT_RESULT_STATES, ENGINE_RETRY_STATES, NOT_SENT_STATES, ACTIVE_STATES].map((g) => [...g].sort().join());
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (relative(SRC, file) === HOME) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:[\w.]+\s*[!=]==\s*'[\w-]+'\s*(?:\|\||&&)\s*)+[\w.]+\s*[!=]==\s*'[\w-]+'/g)) {
        const literals = [...m[0].matchAll(/'([\w-]+)'/g)].map((l) => l[1]!).sort().join();
        if (groups.includes(literals)) offenders.push(`${relative(SRC, file)}: ${m[0].slice(0, 80)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
