import { describe, expect, it } from 'vitest';
import { countReadings, parsePrompt, promptRows } from './promptReadings';

describe('the readings of a prompt with choices', () => {
  it('reads every alternative of the prompt into its rows, labelled with the choices', () => {
    const parsed = parsePrompt('a {red|blue|golden} fox in {snow|fog}');
    expect(parsed.ok).toBe(true);
    const rows = promptRows(parsed.ok ? parsed.parts : []);
    expect(rows.map((r) => r.prompt)).toEqual([
      'a red fox in snow',
      'a red fox in fog',
      'a blue fox in snow',
      'a blue fox in fog',
      'a golden fox in snow',
      'a golden fox in fog',
    ]);
    expect(rows[3]!.label).toBe('blue · fog');
    // An empty choice leaves the words out, and the label says so.
    const optional = parsePrompt('a {|very }tall tree');
    expect(promptRows(optional.ok ? optional.parts : []).map((r) => [r.prompt, r.label])).toEqual([
      ['a tall tree', '(none)'],
      ['a very tall tree', 'very'],
    ]);
  });

  it('says what is wrong with braces that do not close, nest or hold nothing', () => {
    expect(parsePrompt('a {red|blue fox')).toMatchObject({ ok: false, problem: 'The “{” at character 3 is never closed with “}”.' });
    expect(parsePrompt('a red} fox')).toMatchObject({ ok: false, problem: expect.stringContaining('no “{” before it') });
    expect(parsePrompt('a {red|{blue}} fox')).toMatchObject({ ok: false, problem: expect.stringContaining('cannot sit inside') });
    expect(parsePrompt('a {} fox')).toMatchObject({ ok: false, problem: expect.stringContaining('hold no choice') });
  });

  it('counts the readings without writing them out: the product of the choices', () => {
    const parsed = parsePrompt('a {red|blue|golden} fox in {snow|fog}, {|very }tall');
    expect(parsed.ok && countReadings(parsed.parts)).toBe(12);
    expect(parsed.ok && promptRows(parsed.parts)).toHaveLength(12);
    expect(countReadings(['a fox'])).toBe(1);
    const forty = parsePrompt(Array.from({ length: 40 }, () => '{a|b}').join(' '));
    expect(forty.ok && countReadings(forty.parts)).toBe(2 ** 40);
  });
});
