import { describe, expect, it } from 'vitest';
import { isCi, unitPlan } from './unitPlan';

describe('the unit run of npm test', () => {
  it('shuffles the order in CI, from a seed it prints so the order can be replayed', () => {
    const plan = unitPlan({ ci: true, seed: 4242, passThrough: [] });
    expect(plan.args).toEqual(['run', '--sequence.shuffle', '--sequence.seed=4242']);
    expect(plan.replay).toContain('npx vitest run --sequence.shuffle --sequence.seed=4242');
  });

  it('keeps the order fixed on a developer machine, and passes extra arguments on', () => {
    expect(unitPlan({ ci: false, seed: 1, passThrough: ['src/a.test.ts'] })).toEqual({ args: ['run', 'src/a.test.ts'] });
  });

  it('reads CI the way CI services set it', () => {
    expect(isCi({ CI: 'true' })).toBe(true);
    expect(isCi({ CI: '1' })).toBe(true);
    expect(isCi({ CI: 'false' })).toBe(false);
    expect(isCi({})).toBe(false);
  });
});
