import { describe, expect, it } from 'vitest';
import { english } from '../../../shared/i18n/say';
import { msg } from './messages';
import { newTaskRecord, TaskRecordSchema, taskError, type TaskRecord } from './taskRecord';
import { toTaskInfo } from './taskView';

const base = (): TaskRecord =>
  newTaskRecord({
    id: 't1',
    request: { endpointId: 'gen-dev', params: { prompt: 'kept' }, inputs: {} },
    connectionId: 'sandbox',
    connectionLabel: 'Sandbox',
    keyId: 'sandbox',
    keyLabel: null,
    state: 'failed',
    createdAt: 1,
    detail: null,
  });

describe('a task’s words on disk and in the window', () => {
  it('are kept as words and shown with their English beside them', () => {
    const stored = TaskRecordSchema.parse(JSON.parse(JSON.stringify({ ...base(), detail: msg.tryingAgain(msg.serviceProblem('Bad gateway'), 2, 6), error: taskError({ code: 'no-credits', message: msg.noCredits('Insufficient credits') }) })));
    const info = toTaskInfo(stored);
    expect(info.detail).toBe('The service had a problem (Bad gateway). Trying again (2 of 6).');
    expect(info.detailWords).toEqual(msg.tryingAgain(msg.serviceProblem('Bad gateway'), 2, 6));
    expect(info.error).toEqual({ code: 'no-credits', message: 'Not enough credits (Insufficient credits). Top up, then Retry.', words: msg.noCredits('Insufficient credits') });
  });

  it('of a record from before message ids are its English text, shown as it is', () => {
    const old = TaskRecordSchema.parse({ ...base(), detail: 'Sending…', error: { code: 'network', message: 'The connection was lost.' } });
    const info = toTaskInfo(old);
    expect(info).toMatchObject({ detail: 'Sending…', error: { code: 'network', message: 'The connection was lost.' } });
    expect(info.detailWords).toBeUndefined();
    expect(info.error?.words).toBeUndefined();
  });

  it('a caught error’s own text stays text', () => {
    expect(taskError({ code: 'no-key', message: 'The key “Studio”: gone.' })).toEqual({ code: 'no-key', message: 'The key “Studio”: gone.' });
    expect(english(msg.sending)).toBe('Sending…');
  });
});
