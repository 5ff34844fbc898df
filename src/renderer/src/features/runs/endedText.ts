import type { MessageId } from '../../../../shared/i18n/catalog';
import { ENGLISH_TEXT, type AppText } from '../../../../shared/i18n/text';

/**
 * How the pictures of a run (a matrix's cells, a batch's pictures) that ended without a picture are counted, by
 * what happened to them: a cancelled one or one the safety filter held back did not fail, and saying so would blame
 * the artist's matrix or pictures for it.
 */
const ENDED_WORDS: readonly (readonly [state: string, words: MessageId])[] = [
  ['cancelled', 'runs.ended.cancelled'],
  ['moderated', 'runs.ended.moderated'],
  ['outcome-unknown', 'runs.ended.noAnswer'],
  ['webhook', 'runs.ended.webhook'],
  ['failed', 'runs.ended.failed'],
];

/** The ones that ended without a picture, counted by why, each a whole phrase: ["3 cancelled", "1 held back by the safety filter"]. */
export function endedParts(items: readonly { readonly state: string }[], text: AppText = ENGLISH_TEXT): string[] {
  return ENDED_WORDS.map(([state, words]) => [items.filter((c) => c.state === state).length, words] as const)
    .filter(([n]) => n > 0)
    .map(([count, words]) => text.t(words, { count }));
}
