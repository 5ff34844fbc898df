/**
 * A prompt with choices in braces, `a {red|blue} fox in {snow|fog}`, and the ways of reading it. Apart from the
 * matrix because the number of readings is known long before they are written out: the product of the choices,
 * which a 40-group prompt makes 2^40 of.
 */
import { problemOf, type Problem } from '../i18n/problem';
import { words } from '../i18n/words';

/** The part of a prompt between alternatives, or a choice among them. */
export type PromptPart = string | readonly string[];

/**
 * Reads `a {red|blue} fox in {snow|fog}` into its fixed text and its choices. Braces do not nest; an empty
 * alternative (`{|very }`) is allowed and means "leave it out".
 */
export function parsePrompt(prompt: string): { ok: true; parts: PromptPart[] } | Problem {
  const parts: PromptPart[] = [];
  let text = '';
  let i = 0;
  while (i < prompt.length) {
    const ch = prompt[i]!;
    if (ch === '}') return problemOf(words('explore.problem.closingBrace', { at: String(i + 1) }));
    if (ch !== '{') {
      text += ch;
      i++;
      continue;
    }
    const end = prompt.indexOf('}', i + 1);
    const nested = prompt.indexOf('{', i + 1);
    if (end === -1) return problemOf(words('explore.problem.unclosed', { at: String(i + 1) }));
    if (nested !== -1 && nested < end) return problemOf(words('explore.problem.nested', { at: String(nested + 1) }));
    const choices = prompt.slice(i + 1, end).split('|');
    if (choices.length < 2 && choices[0]!.trim() === '') return problemOf(words('explore.problem.emptyBraces', { at: String(i + 1) }));
    if (text) parts.push(text);
    text = '';
    parts.push(choices);
    i = end + 1;
  }
  if (text) parts.push(text);
  return { ok: true, parts };
}

/** Every reading of the prompt, in order (the first choice of each group varies slowest), with its label. */
export function promptRows(parts: readonly PromptPart[]): Array<{ prompt: string; label: string }> {
  let rows: Array<{ prompt: string; labels: string[] }> = [{ prompt: '', labels: [] }];
  for (const part of parts) {
    if (typeof part === 'string') {
      rows = rows.map((r) => ({ ...r, prompt: r.prompt + part }));
      continue;
    }
    rows = rows.flatMap((r) => part.map((choice) => ({ prompt: r.prompt + choice, labels: [...r.labels, choice.trim() || '(none)'] })));
  }
  return rows.map((r) => ({ prompt: r.prompt.replace(/\s+/g, ' ').trim(), label: r.labels.length ? r.labels.join(' · ') : 'The prompt' }));
}

/**
 * How many readings `promptRows` would write out, without writing them: the product of each group's choices.
 * Counted before expanding, so a prompt of many groups is refused at the cost of reading it once.
 */
export function countReadings(parts: readonly PromptPart[]): number {
  return parts.reduce((n: number, part) => (typeof part === 'string' ? n : n * part.length), 1);
}
