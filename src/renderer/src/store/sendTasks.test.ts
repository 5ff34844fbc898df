import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskInfo } from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/result';
import { capRefusalWords } from '../../../shared/spending/capRefusalWords';

const submitGroup = vi.fn<(input: unknown) => Promise<IpcResult<TaskInfo[]>>>();
vi.mock('../api', () => ({ gen: { tasks: { submitGroup: (input: unknown) => submitGroup(input) } } }));

const { send, notSentText } = await import('./sendTasks');
const { useTaskStore } = await import('./taskStore');
const { useTextStore } = await import('../ui/i18n/textStore');

const task = (id: string, updatedAt: number, state: TaskInfo['state'] = 'queued') => ({ id, updatedAt, state }) as TaskInfo;
const request = { endpointId: 'gen-dev', params: { prompt: 'a fox' }, inputs: {} };

describe('send: the one path every panel sends work through', () => {
  beforeEach(() => {
    submitGroup.mockReset();
    useTaskStore.setState({ tasks: {} });
  });

  it('asks main once, with the count and project, and puts the tasks in the store at once', async () => {
    submitGroup.mockResolvedValue({ ok: true, value: [task('a', 1), task('b', 1)] });
    const sent = await send(request, 2, 'p1');
    expect(submitGroup).toHaveBeenCalledTimes(1);
    expect(submitGroup).toHaveBeenCalledWith({ request, count: 2, projectId: 'p1' });
    expect(sent.ok && sent.tasks.map((t) => t.id)).toEqual(['a', 'b']);
    expect(Object.keys(useTaskStore.getState().tasks).sort()).toEqual(['a', 'b']);
  });

  it('keeps a newer view an event brought before the answer', async () => {
    useTaskStore.setState({ tasks: { a: task('a', 5, 'running') } });
    submitGroup.mockResolvedValue({ ok: true, value: [task('a', 1)] });
    await send(request, 1, null);
    expect(useTaskStore.getState().tasks.a?.state).toBe('running');
  });

  it('takes the answer over an older view', async () => {
    useTaskStore.setState({ tasks: { a: task('a', 1, 'queued') } });
    submitGroup.mockResolvedValue({ ok: true, value: [task('a', 2, 'submitting')] });
    await send(request, 1, null);
    expect(useTaskStore.getState().tasks.a?.state).toBe('submitting');
  });

  it('says why nothing was sent: the request\'s own problems, else main\'s reason, and stores nothing', async () => {
    submitGroup.mockResolvedValue({ ok: false, error: { code: 'validation', message: 'The request has problems.', issues: [{ loc: ['body', 'width'], msg: 'Width must be at least 256', type: 'greater_than_equal' }, { loc: ['body', 'seed'], msg: 'Seed is not a whole number', type: 'int_parsing' }] } });
    const sent = await send(request, 1, null);
    expect(sent.ok ? null : sent.text).toBe('Not sent: Width must be at least 256, Seed is not a whole number.');
    expect(useTaskStore.getState().tasks).toEqual({});
    expect(notSentText({ code: 'spending-cap', message: 'This would cross your daily cap of 10 credits.' })).toBe('This would cross your daily cap of 10 credits.');
  });

  it('says the app\'s own checks in the language on screen, listed as it lists things; the service\'s words stay as sent', async () => {
    await useTextStore.getState().choose('ja');
    try {
      const issues = [
        { loc: ['body', 'width'], msg: 'Input should be greater than or equal to 256', type: 'greater_than_equal', ctx: { ge: 256 } },
        { loc: ['body', 'seed'], msg: 'Seed is not a whole number', type: 'int_parsing' },
      ];
      expect(notSentText({ code: 'validation', message: 'The request has problems.', issues })).toBe(
        useTextStore.getState().text.t('ui.notSent', { problems: new Intl.ListFormat('ja', { type: 'unit', style: 'short' }).format([useTextStore.getState().text.t('forms.issue.atLeast', { ge: '256' }), 'Seed is not a whole number']) }),
      );
      expect(notSentText({ code: 'validation', message: 'x', issues })).not.toContain('Input should be');
    } finally {
      await useTextStore.getState().choose('en');
    }
  });

  it('makes the caps\' refusal into words from its data, never from main\'s message', () => {
    const refusal = {
      kind: 'crossed',
      keyLabel: 'Studio',
      spent: { day: 4, week: 4, month: 4 },
      period: 'day',
      limit: 10,
      held: { count: 0, amount: 0 },
      onTheWay: 0,
      asked: { what: 'variations', count: 4, cost: 10, each: { cost: 2.5, basis: 'list', runs: 0 } },
    } as const;
    const text = notSentText({ code: 'spending-cap', message: 'main’s words', refusal });
    expect(text).toBe(capRefusalWords(refusal));
    expect(text).toBe(
      'Not sent: these 4 variations, about 10 credits (2.5 each, from the public price list), would cross your daily cap of 10 credits for “Studio”. Spent 4 today, 4 this week, 4 this month. Raise the cap in Settings, or ask for fewer variations.',
    );
  });
});
