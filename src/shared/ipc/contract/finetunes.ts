import { WordsSchema } from '../../i18n/words';
import { z } from 'zod';
import { call } from '../define';

/** One of the key's finetunes (LoRAs): its name, and what `finetune_details` said of it when it answered. */
const FinetuneSchema = z.object({
  id: z.string(),
  details: z.record(z.string(), z.json()).nullable(),
});
export type Finetune = z.infer<typeof FinetuneSchema>;

export const finetuneCalls = {
  /**
   * The active key's finetunes (`GET /v1/my_finetunes`, each with `finetune_details`). The query is not in the
   * interface document: `available` is false, with a message, when the connection does not answer it.
   */
  'finetunes.list': call(z.undefined(), z.object({ finetunes: z.array(FinetuneSchema), available: z.boolean(), message: z.string().nullable(), messageWords: WordsSchema.optional() })),
  /** Deletes one through `delete_finetune` on the connection's regional base. */
  'finetunes.delete': call(z.object({ id: z.string().min(1).max(200) }), z.object({ deleted: z.string(), message: z.string() })),
};
