import { z } from 'zod';
import { DisplayNameText } from './names';
import { WordsSchema } from '../../i18n/words';
import { AssetIdSchema } from '../../tasks/taskRequest';
import { call, event } from '../define';
import { LayeredIntakeSchema } from './layeredIntake';

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
  /**
   * Always an image an <img> can show. For a video it is a neutral film-frame placeholder (at the video's aspect)
   * until `assets.setPoster` stores a frame; `hasPoster` says which.
   */
  thumbnailUrl: z.string(),
  /** an image, or an MP4 video (`url` then serves the MP4 for a <video>, with byte ranges for seeking) */
  kind: z.enum(['image', 'video']),
  /** a video's length, frame count and frame rate, read from its file; null for an image */
  seconds: z.number().nonnegative().nullable(),
  frames: z.number().int().nonnegative().nullable(),
  fps: z.number().positive().nullable(),
  /** true for an image (its preview is itself); for a video, once a poster frame has been stored */
  hasPoster: z.boolean(),
});
export type AssetInfo = z.infer<typeof AssetInfoSchema>;

;

export const assetCalls = {
  /**
   * Stores a file the user opened, dropped or pasted: a decodable image, or a whole MP4 video (H.264, VP9 or AV1).
   * Refuses anything else, a truncated MP4 and a video Chromium cannot play, each with a message naming the file.
   */
  'assets.import': call(
    z.object({ name: DisplayNameText(1024), bytes: BytesSchema }),
    /**
     * A layered file (PSD, PSB, OpenRaster, multi-page TIFF) is stored as its composite; `layered` then lists its
     * layers, any of which `layers.take` stores instead.
     */
    AssetInfoSchema.extend({ layered: LayeredIntakeSchema.optional() }),
  ),
  'assets.get': call(z.object({ id: AssetIdSchema }), AssetInfoSchema),
  /** Stores a library result (image or video) as an input asset; a video result's poster comes with it. */
  'assets.fromLibrary': call(z.object({ resultId: z.string().min(1).max(300) }), AssetInfoSchema),
  /**
   * Stores a smaller copy of an image so it fits an endpoint's input limit; the message says what changed.
   * The original stays in the store untouched.
   */
  'assets.downscale': call(
    z.object({ id: AssetIdSchema, maxMegapixels: z.number().positive().max(1000) }),
    z.object({ asset: AssetInfoSchema, message: z.string(), words: WordsSchema.optional() }),
  ),
  /**
   * Stores a poster frame for a video asset, drawn by the renderer from a <video> (PNG, JPEG or WebP, at most
   * 16 MB and 4096 px a side). Main decodes it, keeps a small WebP, and the asset's `thumbnailUrl` serves it
   * from then on (a new address each time, so no cache shows the old one). Refused for an image asset.
   */
  'assets.setPoster': call(z.object({ id: AssetIdSchema, bytes: BytesSchema }), AssetInfoSchema),
};

export const assetEvents = {
  /**
   * A large picture being opened: what main is doing with it, `step` in English with `stepWords` beside it (said in
   * the window's language); `step` null once it is done.
   */
  'assets.importing': event(z.object({ name: z.string(), step: z.string().nullable(), stepWords: WordsSchema.optional() })),
};
