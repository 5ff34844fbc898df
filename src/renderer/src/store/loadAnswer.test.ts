import { describe, expect, it } from 'vitest';
import { loadAnswer, NOT_LOADED } from './loadAnswer';

describe('a store’s load answered by main', () => {
  it('starts as not loaded, with nothing to say', () => {
    expect(NOT_LOADED).toEqual({ loaded: false, error: null });
  });

  it('takes what the store keeps from an answer, and clears the last failure', () => {
    expect(loadAnswer({ ok: true, value: { items: ['a'], total: 1 } }, (v) => ({ items: v.items }))).toEqual({ items: ['a'], loaded: true, error: null });
  });

  it('lets an answer say why it holds nothing', () => {
    expect(loadAnswer({ ok: true, value: { list: [], why: 'This connection does not list them.' } }, (v) => ({ list: v.list, error: v.why }))).toEqual({
      list: [],
      loaded: true,
      error: 'This connection does not list them.',
    });
  });

  it('on a failure says why and leaves what the store held', () => {
    const answer = loadAnswer<{ items: string[] }, { items: string[] }>({ ok: false, error: { code: 'unavailable', message: 'The app’s core did not answer.' } }, (v) => ({ items: v.items }));
    expect(answer).toEqual({ loaded: true, error: 'The app’s core did not answer.' });
    expect('items' in answer).toBe(false);
  });
});
