import { z } from 'zod';
import { DisplayNameText } from './names';
import { TASK_KINDS } from '../../catalog/endpoint';
import { LibraryInputSchema, ResultRecordSchema } from '../../library/resultRecord';
import { GenerationMetadataSchema } from '../../metadata/generationMetadata';
import { call, event } from '../define';
import { BytesSchema } from './assets';
import { Moment } from './values';

/** One result in the library as the gallery shows it: its record, its file's addresses (never served as text), its marks. */
const LibraryItemSchema = ResultRecordSchema.extend({
  url: z.string(),
  /** a small image; null for a video until `library.setPoster` has stored its poster frame */
  thumbnailUrl: z.string().nullable(),
  /** the sidecar could not be read and was set aside; only the file is known */
  metadataLost: z.boolean(),
  starred: z.boolean(),
  /** set aside by the user (staging's discard); kept results are the others */
  discarded: z.boolean(),
});
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

/** What a result is, as a query asks for it: a picture, a clip, or a clip made at the draft size. */
export const LIBRARY_MEDIA = ['picture', 'clip', 'draft'] as const;
export type LibraryMedia = (typeof LIBRARY_MEDIA)[number];

/**
 * Which results the gallery shows, filtered and searched in main over the whole library. Every field left out
 * filters nothing.
 */
const LibraryQuerySchema = z
  .object({
    /** every word must appear in the prompt, the model's name or the file's name */
    text: z.string().max(2000),
    intent: z.enum(TASK_KINDS),
    /** an endpoint's id */
    model: z.string().max(200),
    /** made at or after this moment (the start of today, this week, this month in the user's time zone) */
    createdFrom: Moment,
    status: z.enum(['kept', 'discarded', 'starred']),
    /** a project's id, or `none` for results made outside any project */
    project: z.string().max(200),
    /** one Generate's variations, each on its own card; without it, a Generate's variations share one card */
    group: z.string().max(200),
    /** pictures, clips, or only the clips made at the draft size (those Make final enhances) */
    media: z.enum(LIBRARY_MEDIA),
    /** false: every variation on a card of its own, as the studio's pickers list them (stacked unless told) */
    stacked: z.boolean(),
  })
  .partial();
export type LibraryQuery = z.infer<typeof LibraryQuerySchema>;

/** The most results one `library.page` sends: a few screenfuls. */
export const LIBRARY_PAGE_MAX = 500;

const LibraryPageSchema = z.object({
  /** how many results (cards) the query shows in all */
  total: z.number().int().nonnegative(),
  /** how many results the library holds, whatever the query */
  all: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  /** newest first, from `offset` */
  items: z.array(LibraryItemSchema),
  /** how many variations each stacked card of this page stands for, by group id */
  stacks: z.record(z.string(), z.number().int().positive()),
});
export type LibraryPage = z.infer<typeof LibraryPageSchema>;

export const libraryCalls = {
  /** One page of the results a query shows, newest first: the gallery asks for the pages it scrolls to. */
  'library.page': call(
    z.object({ query: LibraryQuerySchema.optional(), offset: z.number().int().nonnegative(), limit: z.number().int().min(1).max(LIBRARY_PAGE_MAX) }),
    LibraryPageSchema,
  ),
  /** Where a result stands among those a query shows (null: it does not show), to scroll to it. */
  'library.locate': call(z.object({ query: LibraryQuerySchema.optional(), id: z.string().max(200) }), z.object({ index: z.number().int().nonnegative().nullable() })),
  /** What the filters can offer: the models, intents and projects of every result in the library. */
  'library.facets': call(z.undefined(), z.object({ models: z.array(z.string()), intents: z.array(z.enum(TASK_KINDS)), projects: z.array(z.string()) })),
  'library.get': call(z.object({ id: z.string() }), LibraryItemSchema),
  /** Opens the library folder in the system's file manager. */
  'library.openFolder': call(z.undefined(), z.object({ opened: z.boolean(), path: z.string() })),
  /**
   * Stores a poster frame for a video result, drawn by the renderer from its <video> (PNG, JPEG or WebP, at most
   * 16 MB and 4096 px a side). From then on the result's `thumbnailUrl` serves it; `library.updated` tells every
   * view. Refused for an image result.
   */
  'library.setPoster': call(z.object({ resultId: z.string().min(1).max(300), bytes: BytesSchema }), LibraryItemSchema),
};

/** The formats Save as writes: a picture as PNG, JPEG or WebP; a video as MP4 only (its quality is ignored). */
const ExportFormatSchema = z.enum(['png', 'jpeg', 'webp', 'mp4']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** What a file dropped on the app says about how it was made, and which of its inputs are still here. */
const DroppedFileSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('gen-studio'),
    metadata: GenerationMetadataSchema,
    /** each input the metadata names, and whether the asset store still has it */
    inputs: z.array(LibraryInputSchema.extend({ available: z.boolean() })),
  }),
  z.object({
    kind: z.literal('infotext'),
    prompt: z.string().nullable(),
    seed: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    steps: z.number().nullable(),
    guidance: z.number().nullable(),
  }),
  z.object({ kind: z.literal('none') }),
]);
export type DroppedFile = z.infer<typeof DroppedFileSchema>;

const byId = z.object({ id: z.string().max(200) });

export const galleryCalls = {
  /** Stars a result, or marks it discarded / kept. */
  'library.mark': call(z.object({ id: z.string().max(200), starred: z.boolean().optional(), discarded: z.boolean().optional() }), LibraryItemSchema),
  /** Takes a result out of the gallery; `library.untrash` brings it back until the app closes, when its files go to the OS trash. */
  'library.trash': call(byId, z.object({ id: z.string() })),
  'library.untrash': call(byId, LibraryItemSchema),
  /**
   * Save as: main asks where (the system dialog), converts with the quality given, writes the metadata in. A video
   * is saved as `mp4` only (the quality is ignored: its packets are copied, with the metadata in the MP4's tags);
   * a picture cannot be saved as `mp4`, nor a video as a picture format. `message` says when a video's file could
   * not be rewritten and was copied as it is, without the metadata.
   */
  'library.export': call(
    z.object({ id: z.string().max(200), format: ExportFormatSchema, quality: z.number().int().min(1).max(100) }),
    z.object({ saved: z.boolean(), fileName: z.string().nullable(), message: z.string().optional() }),
  ),
  /** Copies an image result to the clipboard as an image. */
  'library.copy': call(byId, z.object({ copied: z.boolean() })),
  /** Shows the result's file in the file manager. */
  'library.reveal': call(byId, z.object({ shown: z.boolean() })),
  /** Starts a native drag of the result's file out of the window; the path never reaches the renderer. */
  'library.startDrag': call(byId, z.object({ started: z.boolean() })),
  /** Reads the generation metadata of a file dropped on the app. */
  'library.readDropped': call(z.object({ name: DisplayNameText(1000), bytes: BytesSchema }), DroppedFileSchema),
};

export const libraryEvents = {
  'library.added': event(LibraryItemSchema),
  /** a result changed (starred, discarded, back from the trash) */
  'library.updated': event(LibraryItemSchema),
  /** a result left the gallery (to the trash) */
  'library.removed': event(z.object({ id: z.string() })),
  /** the user clicked a task's notification: show its result (or the queue, when it has none) */
  'library.openRequested': event(z.object({ resultId: z.string().nullable() })),
};
