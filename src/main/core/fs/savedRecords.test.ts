import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import { RunRecords, type SavedRecord } from './savedRecords';
import { refusalOf } from '../testing/refusalOf';

type Live = SavedRecord<{ readonly id: string; readonly status: 'running' | 'paused' | 'cancelled' | 'finished' }>;

describe('a run paused while a request is being handed over', () => {
  it('is paused, on disk and to the views, only once the request under way has settled', async () => {
    const told: string[] = [];
    const runs = new RunRecords<Live>({ dir: '/nowhere', what: 'matrix', log: { info: () => {}, warn: () => {}, error: () => {} } as never, changed: (l) => told.push(l.record.status) });
    const live: Live = { record: { id: 'm1', status: 'running' }, saving: null, dirty: false };
    runs.all.set('m1', live);

    let settle!: () => void;
    const handing = new Promise<void>((resolve) => (settle = resolve));
    const paused = runs.move('m1', 'paused', () => handing);
    await Promise.resolve();
    // The status changes only once what was under way has settled (the caller stops the sender itself): no save
    // made meanwhile can put "paused" on disk before what was not sent is held, and no view has heard it yet.
    expect(live.record.status).toBe('running');
    expect(told).toEqual([]);

    told.push('handed over');
    settle();
    await paused;
    expect(told).toEqual(['handed over', 'paused']);
  });

  it('refuses in words what cannot move', async () => {
    const runs = new RunRecords<Live>({ dir: '/nowhere', what: 'matrix', log: {} as never, changed: () => {} });
    runs.all.set('m1', { record: { id: 'm1', status: 'finished' }, saving: null, dirty: false });
    await expect(runs.move('m1', 'paused')).rejects.toThrow('Only a matrix that is being sent can be paused.');
  });

  it('says its refusals in the artist\'s language, the English message unchanged', async () => {
    const german = createText('de', await loadMessages('de'));
    const runs = new RunRecords<Live>({ dir: '/nowhere', what: 'batch', log: {} as never, changed: () => {} });
    runs.all.set('b1', { record: { id: 'b1', status: 'finished' }, saving: null, dirty: false });
    const cases = [
      [await refusalOf(() => runs.move('b1', 'paused')), 'Only a batch that is being sent can be paused.'],
      [await refusalOf(() => runs.move('b1', 'running')), 'Only a paused batch can be resumed.'],
      [await refusalOf(() => runs.move('b1', 'cancelled')), 'This batch has already ended.'],
      [await refusalOf(() => runs.get('gone')), 'That batch is no longer there.'],
    ] as const;
    for (const [failure, english] of cases) {
      expect(failure.message).toBe(english);
      expect(failure.words, english).toBeDefined();
      expect(say(german, failure.words, failure.message)).not.toBe(english);
    }
    expect(say(german, cases[2][0].words, cases[2][0].message)).toBe('Dieser Stapel ist schon beendet.');
  });
});
