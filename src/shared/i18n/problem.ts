import { english } from './say';
import type { Words } from './words';

/**
 * A plan refused by a pure check (Explore's matrix, a batch): its words for the window to say in the artist's
 * language, and their English as `problem`, what main's refusal, its log and the tests read.
 */
export interface Problem {
  readonly ok: false;
  readonly problem: string;
  readonly said: Words;
}

export const problemOf = (said: Words): Problem => ({ ok: false, problem: english(said), said });
