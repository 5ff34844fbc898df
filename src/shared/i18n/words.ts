import { z } from 'zod';
import type { MessageId } from './catalog';

/** A value of a message's placeholder: a number, text that is not a message (a name, the service's own words), or words. */
export type WordsValue = string | number | Words;

/**
 * Something main says that is shown later (a task's detail or error, a refusal, a notice, a key's test): a message id
 * and its values, not text, so the renderer says it in the language on screen now and again after a switch, and a
 * record written in one language reads right in another. A value may itself be words ("{why} Trying again").
 */
export interface Words {
  readonly id: MessageId;
  readonly values?: Readonly<Record<string, WordsValue>>;
}

/** Words of a message, its values as it takes them (the id written out in full, so the catalog checks find it). */
export const words = (id: MessageId, values?: Readonly<Record<string, WordsValue>>): Words => (values ? { id, values } : { id });

export const isWords = (value: WordsValue): value is Words => typeof value === 'object';

/**
 * Words as they cross IPC and are stored. The id is any string here, not only today's: a record written by another
 * version may name one this catalog lacks, and is then shown by its English text rather than refused.
 */
export const WordsSchema: z.ZodType<Words> = z.lazy(() =>
  z.object({
    id: z.custom<MessageId>((id) => typeof id === 'string' && id.length > 0 && id.length <= 120),
    values: z.record(z.string(), z.union([z.string(), z.number(), WordsSchema])).optional(),
  }),
);
