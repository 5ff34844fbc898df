// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../shared/ipc/result';
import { useAnswer } from './useAnswer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Each question waits until the test answers it, so the order of answers is the test's.
const asked: Array<{ question: string; answer: (r: IpcResult<string>) => void }> = [];
const ask = (question: string) => new Promise<IpcResult<string>>((answer) => asked.push({ question, answer }));
const reply = async (n: number, value: string) => act(async () => asked[n]!.answer({ ok: true, value }));

let root: Root | null = null;
let shown: Array<string | null> = [];
function Probe({ question, again }: { question: string | null; again?: number }) {
  shown.push(useAnswer(question, ask, again));
  return null;
}
const show = (question: string | null, again?: number) => act(() => root!.render(<Probe question={question} again={again} />));
const last = () => shown[shown.length - 1];

afterEach(() => {
  act(() => root?.unmount());
  asked.length = 0;
  shown = [];
});

describe('an answer from main to a question that changes', () => {
  it('shows only for the question it answers: a changed question waits for its own, a late old answer is dropped', async () => {
    root = createRoot(document.createElement('div'));
    show('3 pictures');
    expect(last()).toBeNull();
    await reply(0, '7.5 credits');
    expect(last()).toBe('7.5 credits');

    show('4 pictures');
    expect(last()).toBeNull();
    show('5 pictures');
    await reply(1, '10 credits');
    expect(last()).toBeNull();
    await reply(2, '12.5 credits');
    expect(last()).toBe('12.5 credits');
    expect(asked.map((a) => a.question)).toEqual(['3 pictures', '4 pictures', '5 pictures']);
  });

  it('asks nothing while there is no question, and asks once per question however often it renders', async () => {
    root = createRoot(document.createElement('div'));
    show(null);
    expect(asked).toEqual([]);
    expect(last()).toBeNull();
    show('a fox');
    show('a fox');
    expect(asked).toHaveLength(1);
    await reply(0, '2 credits');
    show(null);
    expect(last()).toBeNull();
  });

  it('asks the same question afresh when told to, showing the last answer until the new one comes', async () => {
    root = createRoot(document.createElement('div'));
    show('a fox', 0);
    await reply(0, '2 credits');
    show('a fox', 1);
    expect(asked).toHaveLength(2);
    expect(last()).toBe('2 credits');
    await reply(1, '3 credits');
    expect(last()).toBe('3 credits');
  });
});
