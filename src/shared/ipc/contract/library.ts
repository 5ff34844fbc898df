import { z } from 'zod';
import { call, event } from '../define';

export const LibraryInputSchema = z.object({ field: z.string(), assetId: z.string(), time: z.number().optional() });

/** One result in the library: its file (served by address, never as text) and what made it. */
export const LibraryItemSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  mime: z.string(),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  endpointId: z.string(),
  /** `preview` endpoints change over time; `snapshot` ones are pinned */
  release: z.enum(['preview', 'snapshot']).nullable(),
  params: z.record(z.string(), z.json()),
  seed: z.number().nullable(),
  inputs: z.array(LibraryInputSchema),
  cost: z.number().nullable(),
  inputMp: z.number().nullable(),
  outputMp: z.number().nullable(),
  taskId: z.string(),
  remoteTaskId: z.string().nullable(),
  connectionLabel: z.string(),
  createdAt: z.number(),
  submittedAt: z.number().nullable(),
  readyAt: z.number().nullable(),
  savedAt: z.number(),
  /** the sidecar could not be read and was set aside; only the file is known */
  metadataLost: z.boolean(),
});
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

export const libraryCalls = {
  'library.list': call(z.undefined(), z.array(LibraryItemSchema)),
  'library.get': call(z.object({ id: z.string() }), LibraryItemSchema),
  /** Opens the library folder in the system's file manager. */
  'library.openFolder': call(z.undefined(), z.object({ opened: z.boolean(), path: z.string() })),
};

export const libraryEvents = {
  'library.added': event(LibraryItemSchema),
};
