import { describe, expect, it } from 'vitest';
import { planMatrix } from '../../../../shared/explore/matrix';
import type { MatrixCellInfo } from '../../../../shared/ipc/contract';
import { ENGLISH_TEXT } from '../../../../shared/i18n/text';
import { sameLine } from './ContactSheet';

const planned = planMatrix({ prompt: 'a {red|blue} fox', models: ['gen-dev', 'gen-2-klein-4b'], seeds: 1, firstSeed: 1, size: null, sweep: null });
if (!planned.ok) throw new Error(planned.problem);
const plan = planned.plan;
const cell = (index: number, state: MatrixCellInfo['state'] = 'unsent'): MatrixCellInfo => ({ index, state, taskId: null, estimate: 2.5, cost: null, seconds: null, resultId: null, thumbUrl: null, problem: null });
const cells = plan.cells.map((c) => cell(c.index));
const line = (r: number, of: readonly MatrixCellInfo[]) => ({ plan, r, cells: of, status: 'running' as const, planned: false, tile: 168, onOpen: undefined, text: ENGLISH_TEXT });

describe('a row of the contact sheet', () => {
  it('is drawn again only when one of its own cells moved on', () => {
    // Row 0 holds cells 0 and 1, row 1 cells 2 and 3.
    const next = cells.slice();
    next[3] = cell(3, 'running');
    expect(sameLine(line(0, cells), line(0, next))).toBe(true);
    expect(sameLine(line(1, cells), line(1, next))).toBe(false);
  });

  it('is drawn again when the matrix pauses (its unsent cells say Held)', () => {
    expect(sameLine(line(0, cells), { ...line(0, cells), status: 'paused' })).toBe(false);
  });
});
