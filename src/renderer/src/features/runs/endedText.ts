/**
 * How the pictures of a run (a matrix's cells, a batch's pictures) that ended without a picture are counted, by
 * what happened to them: a cancelled one or one the safety filter held back did not fail, and saying so would blame
 * the artist's matrix or pictures for it.
 */
const ENDED_WORDS: readonly (readonly [state: string, words: string])[] = [
  ['cancelled', 'cancelled'],
  ['moderated', 'held back by the safety filter'],
  ['outcome-unknown', 'with no answer from the service'],
  ['webhook', 'answered elsewhere'],
  ['failed', 'failed'],
];

/** The ones that ended without a picture, counted by why: ["3 cancelled", "1 held back by the safety filter"]. */
export function endedParts(items: readonly { readonly state: string }[]): string[] {
  return ENDED_WORDS.map(([state, words]) => [items.filter((c) => c.state === state).length, words] as const)
    .filter(([n]) => n > 0)
    .map(([n, words]) => `${n} ${words}`);
}

/** The same, as one phrase: "3 cancelled, 1 held back by the safety filter" (empty when none ended so). */
export const endedText = (items: readonly { readonly state: string }[]): string => endedParts(items).join(', ');
