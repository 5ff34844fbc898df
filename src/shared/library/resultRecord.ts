import { z } from 'zod';
import { TaskGroupSchema } from '../ipc/contract/tasks';
import { ProjectIdSchema } from '../projects/projectId';
import { ChargeSchema, chargeOf } from './charge';

/** An input a result was made from: the request's field and the asset store's id (a video keyframe's time too). */
export const LibraryInputSchema = z.object({ field: z.string(), assetId: z.string(), time: z.number().optional() });

/**
 * One result and how it was made: the one definition the library's sidecar (with its version), the contract's
 * library item (with how the gallery shows it) and the metadata written into the file (a part of it) all take.
 */
export const ResultRecordSchema = z.object({
  /** the task's id, which is the result's */
  id: z.string(),
  /** its file in the library folder */
  fileName: z.string(),
  mime: z.string(),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** a video's length in seconds */
  seconds: z.number().nullable(),
  endpointId: z.string(),
  /** the model's name in the catalog when the result was filed */
  endpointTitle: z.string().nullable(),
  /** `preview` endpoints change over time; `snapshot` ones are pinned */
  release: z.enum(['preview', 'snapshot']).nullable(),
  params: z.record(z.string(), z.json()),
  seed: z.number().nullable(),
  inputs: z.array(LibraryInputSchema),
  ...ChargeSchema.shape,
  remoteTaskId: z.string().nullable(),
  connectionLabel: z.string(),
  createdAt: z.number(),
  submittedAt: z.number().nullable(),
  readyAt: z.number().nullable(),
  savedAt: z.number(),
  /** the project whose studio made it, when known */
  projectId: ProjectIdSchema.nullable(),
  /** its place among the variations of one Generate, when it was one of several */
  group: TaskGroupSchema.nullable(),
});
export type ResultRecord = z.infer<typeof ResultRecordSchema>;

/** What the file itself tells, read when it is filed. */
type FileFacts = 'fileName' | 'mime' | 'bytes' | 'width' | 'height' | 'seconds';

/** What a task knows of its result before the file is read: all but the file's facts, the catalog's and the filing's. */
export type ResultOrigin = Omit<ResultRecord, FileFacts | 'endpointTitle' | 'release' | 'savedAt'>;

/** A result whose details were lost: its file alone, found by name. */
export const recordWithoutDetails = (f: Pick<ResultRecord, 'id' | 'fileName' | 'mime' | 'bytes' | 'savedAt'>): ResultRecord => ({
  ...f,
  width: null,
  height: null,
  seconds: null,
  endpointId: 'unknown',
  endpointTitle: null,
  release: null,
  params: {},
  seed: null,
  inputs: [],
  ...chargeOf(null, null),
  remoteTaskId: null,
  connectionLabel: '',
  createdAt: f.savedAt,
  submittedAt: null,
  readyAt: null,
  projectId: null,
  group: null,
});
