import { describe, expect, it, vi } from 'vitest';
import { exploreModels, MAX_CELLS, planMatrix, sweepableFields, sweepValues, unsweepableReasons, type MatrixSpec } from './matrix';
import type * as readings from './promptReadings';
import { promptRows } from './promptReadings';

// Every expansion planMatrix asks for, seen: one past the limit is refused here rather than written out, so a
// planMatrix that expands before it counts fails at once, whatever the machine's memory or speed.
vi.mock('./promptReadings', async (importOriginal) => {
  const real = await importOriginal<typeof readings>();
  return {
    ...real,
    promptRows: vi.fn((parts: Parameters<typeof real.promptRows>[0]) => {
      const readings = real.countReadings(parts);
      if (readings > 1000) throw new Error(`asked to write out ${readings} readings`);
      return real.promptRows(parts);
    }),
  };
});

const spec = (patch: Partial<MatrixSpec> = {}): MatrixSpec => ({
  prompt: 'a {red|blue} fox in {snow|fog}',
  models: ['gen-dev', 'gen-pro-1.1'],
  seeds: 2,
  firstSeed: 40,
  size: { width: 512, height: 512 },
  sweep: null,
  ...patch,
});

describe('the prompt matrix', () => {
  it('plans 2×2 prompts across 2 models with 2 seeds as 16 cells, each with its own request', () => {
    const planned = planMatrix(spec());
    if (!planned.ok) throw new Error(planned.problem);
    const { rows, columns, cells } = planned.plan;
    expect(rows).toHaveLength(4);
    expect(columns.map((c) => c.label)).toEqual(['Dev · seed 40', 'Dev · seed 41', 'Pro 1.1 · seed 40', 'Pro 1.1 · seed 41']);
    expect(cells).toHaveLength(16);
    expect(cells[5]).toEqual({ index: 5, row: 1, column: 1, endpointId: 'gen-dev', params: { prompt: 'a red fox in fog', seed: 41, width: 512, height: 512 } });
    expect(new Set(cells.map((c) => JSON.stringify([c.endpointId, c.params]))).size).toBe(16);
  });

  it('sweeps one numeric field every chosen model takes, within its range', () => {
    expect(sweepValues({ field: 'guidance', from: 2, to: 5, steps: 4 }, false)).toEqual([2, 3, 4, 5]);
    expect(sweepValues({ field: 'steps', from: 10, to: 20, steps: 3 }, true)).toEqual([10, 15, 20]);
    expect(sweepableFields(['gen-dev']).map((f) => f.name)).toEqual(['steps', 'guidance', 'safety_tolerance']);
    // Pro 1.1 has no guidance: only what both take is offered.
    expect(sweepableFields(['gen-dev', 'gen-pro-1.1']).map((f) => f.name)).toEqual(['safety_tolerance']);
    // What is not offered is said, with the model that lacks it.
    expect(unsweepableReasons(['gen-dev'])).toEqual([]);
    expect(unsweepableReasons(['gen-dev', 'gen-2-klein-4b'])).toEqual([
      { field: 'steps', lacking: ['Gen 2 Klein 4B'] },
      { field: 'guidance', lacking: ['Gen 2 Klein 4B'] },
    ]);
    const swept = planMatrix(spec({ prompt: 'a fox', models: ['gen-dev'], seeds: 1, sweep: { field: 'guidance', from: 2, to: 5, steps: 4 } }));
    if (!swept.ok) throw new Error(swept.problem);
    expect(swept.plan.columns.map((c) => c.label)).toEqual(['Dev · guidance 2', 'Dev · guidance 3', 'Dev · guidance 4', 'Dev · guidance 5']);
    expect(swept.plan.cells.map((c) => c.params.guidance)).toEqual([2, 3, 4, 5]);
    expect(planMatrix(spec({ models: ['gen-dev', 'gen-pro-1.1'], sweep: { field: 'guidance', from: 2, to: 5, steps: 4 } }))).toMatchObject({ ok: false, problem: expect.stringContaining('guidance') });
    expect(planMatrix(spec({ models: ['gen-dev'], sweep: { field: 'guidance', from: 1, to: 9, steps: 4 } }))).toMatchObject({ ok: false, problem: 'Guidance goes from 1.5 to 5 for the models chosen.' });
  });

  it('offers only models that make a picture from a prompt alone, and refuses a matrix too big to read', () => {
    const offered = exploreModels().map((e) => e.id);
    expect(offered).toContain('gen-dev');
    expect(offered).not.toContain('gen-2-klein-9b-kv-finetuned');
    expect(offered).not.toContain('gen-pro-1.0-fill');
    expect(planMatrix(spec({ models: ['gen-pro-1.0-fill'] }))).toMatchObject({ ok: false });
    const huge = planMatrix(spec({ prompt: '{a|b|c|d|e|f|g|h} {a|b|c|d|e|f|g|h} {a|b}', seeds: 16, models: ['gen-dev', 'gen-pro-1.1'] }));
    expect(huge).toMatchObject({ ok: false, problem: expect.stringContaining(`at most ${MAX_CELLS.toLocaleString('en-US')}.`) });
  });

  it('counts the readings before writing any out, and says how many pictures the prompt would make', () => {
    vi.mocked(promptRows).mockClear();
    const forty = Array.from({ length: 40 }, () => '{a|b}').join(' ');
    expect(planMatrix(spec({ prompt: forty, models: ['gen-dev'], seeds: 1 }))).toMatchObject({
      ok: false,
      problem: 'That is more than a million million pictures, one for each reading of the prompt; a matrix holds at most 1,000. Take out some choices.',
    });
    const sixteen = Array.from({ length: 16 }, () => '{a|b}').join(' ');
    expect(planMatrix(spec({ prompt: sixteen, models: ['gen-dev', 'gen-pro-1.1'], seeds: 2 }))).toMatchObject({
      ok: false,
      problem: 'That is 262,144 pictures (65,536 readings of the prompt × 4 columns); a matrix holds at most 1,000. Take out some choices, models or seeds.',
    });
    expect(promptRows).not.toHaveBeenCalled();
    // Within the limit the readings are written out once, the very ones counted.
    const planned = planMatrix(spec({ prompt: Array.from({ length: 8 }, () => '{a|b}').join(' '), models: ['gen-dev'], seeds: 1 }));
    expect(planned.ok && planned.plan.cells.length).toBe(256);
    expect(promptRows).toHaveBeenCalledTimes(1);
  });
});
