import { z } from 'zod';
import { AssetIdSchema } from '../../tasks/taskRequest';
import { call } from '../define';

/** Raw bytes cross IPC as a Uint8Array (structured clone), never as a base64 string. */
export const BytesSchema = z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'Expected bytes' });

export const AssetInfoSchema = z.object({
  /** sha256 of the bytes: the same file dropped twice is stored once */
  id: AssetIdSchema,
  name: z.string(),
  mime: z.string(),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** something in the image is transparent (an alpha channel that is opaque everywhere does not count) */
  hasAlpha: z.boolean(),
  /** address of the stored file and of a small preview, for <img> and the canvas */
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type AssetInfo = z.infer<typeof AssetInfoSchema>;

export { AssetIdSchema };

export const assetCalls = {
  /** Stores a file the user opened, dropped or pasted; refuses files that are not decodable images. */
  'assets.import': call(
    z.object({ name: z.string().max(1024), bytes: BytesSchema }),
    AssetInfoSchema,
  ),
  'assets.get': call(z.object({ id: AssetIdSchema }), AssetInfoSchema),
  /** Stores a library result as an input asset (a reference taken from the gallery). */
  'assets.fromLibrary': call(z.object({ resultId: z.string().min(1).max(300) }), AssetInfoSchema),
  /**
   * Stores a smaller copy of an image so it fits an endpoint's input limit; the message says what changed.
   * The original stays in the store untouched.
   */
  'assets.downscale': call(
    z.object({ id: AssetIdSchema, maxMegapixels: z.number().positive().max(1000) }),
    z.object({ asset: AssetInfoSchema, message: z.string() }),
  ),
};
