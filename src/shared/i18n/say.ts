import { ENGLISH } from './catalog';
import { ENGLISH_TEXT, type AppText } from './text';
import { isWords, isWordsList, type Words, type WordsArgument } from './words';

/** True when every id in the words (and in their values) is one this catalog has. */
function known(w: Words): boolean {
  return Object.hasOwn(ENGLISH, w.id) && Object.values(w.values ?? {}).every((v) => (isWords(v) ? known(v) : !isWordsList(v) || v.list.every((i) => typeof i === 'string' || known(i))));
}

const valueText = (text: AppText, value: WordsArgument): string | number =>
  isWords(value) ? format(text, value) : isWordsList(value) ? text.list(value.list.map((i) => (typeof i === 'string' ? i : format(text, i))), value.join) : value;

function format(text: AppText, w: Words): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(w.values ?? {})) values[name] = valueText(text, value);
  return text.t(w.id, values);
}

/**
 * Main's words in a language. `fallback` is the text stored beside them (the English a record from before message ids
 * holds, or one naming an id this catalog lacks): shown as it is when there are no words to say.
 */
export function say(text: AppText, said: Words | null | undefined, fallback: string): string;
export function say(text: AppText, said: Words | null | undefined, fallback: string | null): string | null;
export function say(text: AppText, said: Words | null | undefined, fallback: string | null): string | null {
  return said && known(said) ? format(text, said) : fallback;
}

/** The English of words: what main logs, and the text stored beside them for readers that do not know ids. */
export const english = (said: Words): string => format(ENGLISH_TEXT, said);

/** Words as main sends them where a `message` is read: its English beside them (logs, older readers, tests). */
export const told = (said: Words): { message: string; words: Words } => ({ message: english(said), words: said });

/** Text main sent with its words beside it (an error, a notice, a status): said in the language of `text`. */
export const sayTold = (text: AppText, told: { readonly message: string; readonly words?: Words | undefined }): string => say(text, told.words, told.message);
