/**
 * How `npm test` runs the unit suite. In CI the order is shuffled (files and the tests in each), from a seed it
 * prints, so a test that only passes after another one (shared state, a leftover file, a clock) fails there
 * rather than on someone's machine later; the printed seed replays that very order. Locally the order stays fixed.
 */
export interface UnitPlan {
  readonly args: string[];
  /** the line that says how to replay a shuffled run; absent when the order is fixed */
  readonly replay?: string;
}

export function unitPlan(o: { ci: boolean; seed: number; passThrough: readonly string[] }): UnitPlan {
  const base = ['run', ...o.passThrough];
  if (!o.ci) return { args: base };
  const seed = `--sequence.seed=${o.seed}`;
  return {
    args: [...base, '--sequence.shuffle', seed],
    replay: `Unit tests in a shuffled order (seed ${o.seed}); to replay this order: npx vitest run --sequence.shuffle ${seed}`,
  };
}

/** CI sets CI=true (GitHub, GitLab, .ci/run); "false" or "0" means a local run. */
export const isCi = (env: NodeJS.ProcessEnv): boolean => env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
