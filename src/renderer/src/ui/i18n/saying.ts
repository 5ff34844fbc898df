import type { MessageId } from '../../../../shared/i18n/catalog';
import { english, say, sayTold } from '../../../../shared/i18n/say';
import { ENGLISH_TEXT, type AppText, type MessageValues } from '../../../../shared/i18n/text';
import type { Words } from '../../../../shared/i18n/words';

/**
 * What a note on screen says, made in the language on screen each time it renders: a note stores this rather than
 * text said once, so a switch of language in Settings while it shows says it again. File names, prompts and the
 * system's own words are values inside it, as they are.
 */
export type Saying = (text: AppText) => string;

/** A note the studio shows (the canvas's message, the studio's notice, the editor's and Upscale's notes). */
export interface Note {
  readonly kind: 'info' | 'error';
  readonly text: Saying;
}

/** A message of the catalog with its values. */
export const saying = (id: MessageId, values?: MessageValues): Saying => (text) => text.t(id, values);

/** Main's words (a refusal's, a notice's), the text that came beside them when this catalog cannot say them. */
export const toldSaying = (told: { readonly message: string; readonly words?: Words | undefined }): Saying => (text) => sayTold(text, told);

/** Words (made here or sent by main), said as their English when this catalog lacks their id. */
export const wordsSaying = (words: Words, fallback = english(words)): Saying => (text) => say(text, words, fallback);

/** Text that is no language's own (the system's error, the service's words): the same in every language. */
export const asIs = (said: string): Saying => () => said;

/** Several sayings as one note, each its own sentence, in the order given. */
export const together = (sayings: readonly Saying[]): Saying => (text) => text.sentences(sayings.map((s) => s(text)));

/**
 * An error the window throws whose words a person may read (a picture that would not load, inside the project's
 * save error): its saying travels with it, its `message` is the English for the log.
 */
export class SayingError extends Error {
  constructor(readonly said: Saying) {
    super(said(ENGLISH_TEXT));
  }
}

/** What an error says: its saying when the window made it, else its own text (the system's), as it is. */
export const errorSaying = (error: unknown): Saying => (error instanceof SayingError ? error.said : asIs(error instanceof Error ? error.message : String(error)));
