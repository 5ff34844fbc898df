import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BatchIdSchema } from '../../../shared/batch/plan';
import { byRequest, RequestOutcomeSchema, runRecordFrame } from './runRecord';

const uuid = '0b6f1c2e-8a4d-4f7e-9c3b-2d1e5a6f7b80';
const Record = z.object({ ...runRecordFrame(BatchIdSchema), outcomes: byRequest(RequestOutcomeSchema.extend({ file: z.string().nullable() })) });
const outcome = { state: 'done', cost: 2.5, resultId: 'r1', problem: null, file: 'a.png' };
const record = { version: 1, id: `bt-${uuid}`, name: 'Sunday', createdAt: 1_700_000_000_000, estimates: [2.5, null], outcomes: { '0': outcome } };

describe('the frame every run’s file has', () => {
  it('reads a whole record, with what its kind adds to each outcome', () => {
    expect(Record.parse(record).outcomes['0']).toEqual(outcome);
  });

  it('refuses a file of another kind, another version, or an outcome keyed by anything but an index', () => {
    expect(Record.safeParse({ ...record, id: `mx-${uuid}` }).success).toBe(false);
    expect(Record.safeParse({ ...record, version: 2 }).success).toBe(false);
    expect(Record.safeParse({ ...record, outcomes: { first: outcome } }).success).toBe(false);
  });

  it('keeps the shared outcome fields required under each kind’s additions', () => {
    const { resultId: _dropped, ...partial } = outcome;
    expect(Record.safeParse({ ...record, outcomes: { '0': partial } }).success).toBe(false);
    expect(Record.safeParse({ ...record, outcomes: { '0': { ...outcome, file: undefined } } }).success).toBe(false);
  });
});
