import { z } from 'zod';
import type { MessageId } from './catalog';
import type { ListJoin } from './text';

/**
 * Items a message names together (the choices a field takes), joined when said, as the language on screen joins
 * them ("'a', 'b' or 'c'", „'a', 'b' oder 'c'"): a list is never joined into one English string beforehand.
 */
export interface WordsList {
  /** each item text as it is, or words of its own ("the mask") said in the same language */
  readonly list: readonly (string | Words)[];
  readonly join: ListJoin;
}

/** A value of a message's placeholder: a number, text that is not a message (a name, the service's own words), or words. */
export type WordsValue = string | number | Words;

/** What a placeholder of words takes: a value, or a list joined when said. */
export type WordsArgument = WordsValue | WordsList;

/**
 * Something main says that is shown later (a task's detail or error, a refusal, a notice, a key's test): a message id
 * and its values, not text, so the renderer says it in the language on screen now and again after a switch, and a
 * record written in one language reads right in another. A value may itself be words ("{why} Trying again").
 */
export interface Words {
  readonly id: MessageId;
  readonly values?: Readonly<Record<string, WordsArgument>>;
}

/** Words of a message, its values as it takes them (the id written out in full, so the catalog checks find it). */
export const words = (id: MessageId, values?: Readonly<Record<string, WordsArgument>>): Words => (values ? { id, values } : { id });

export const isWords = (value: WordsArgument): value is Words => typeof value === 'object' && 'id' in value;

export const isWordsList = (value: WordsArgument): value is WordsList => typeof value === 'object' && 'list' in value;

/** Items said as one list, joined as the language on screen joins them. */
export const wordsList = (list: readonly (string | Words)[], join: ListJoin): WordsList => ({ list, join });


/**
 * Words as they cross IPC and are stored. The id is any string here, not only today's: a record written by another
 * version may name one this catalog lacks, and is then shown by its English text rather than refused.
 */
const WordsListSchema: z.ZodType<WordsList> = z.lazy(() => z.object({ list: z.array(z.union([z.string().max(500), WordsSchema])).max(200), join: z.enum(['and', 'or', 'unit']) }));

export const WordsSchema: z.ZodType<Words> = z.lazy(() =>
  z.object({
    id: z.custom<MessageId>((id) => typeof id === 'string' && id.length > 0 && id.length <= 120),
    values: z.record(z.string(), z.union([z.string(), z.number(), WordsSchema, WordsListSchema])).optional(),
  }),
);
