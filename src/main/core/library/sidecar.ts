import { z } from 'zod';
import { ProjectIdSchema, TaskGroupSchema } from '../../../shared/ipc/contract';
import { LibraryInputSchema, ResultRecordSchema, type ResultRecord } from '../../../shared/library/resultRecord';
import { MEDIA_MIMES } from '../../../shared/media/mediaType';
import { BareFileNameSchema } from '../fs/bareFileName';

/** The sidecar as written since version 2: the result's record, checked harder since anyone may have edited it. */
const CurrentSidecarSchema = ResultRecordSchema.extend({
  version: z.literal(2),
  /** the result's file, beside the sidecar: never a path (a sidecar naming /etc/passwd must not serve it) */
  fileName: BareFileNameSchema,
  mime: z.enum(MEDIA_MIMES),
  // As on task records: a project id of another form is dropped, never the sidecar (issue 23).
  projectId: ProjectIdSchema.nullable().catch(null),
});
export type Sidecar = z.infer<typeof CurrentSidecarSchema>;

/** Version 1, grouped by topic; read and migrated, never written. */
const FirstSidecarSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  file: BareFileNameSchema,
  mime: z.enum(MEDIA_MIMES),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  seconds: z.number().nullable(),
  endpoint: z.object({ id: z.string(), title: z.string().nullable(), release: z.enum(['preview', 'snapshot']).nullable() }),
  params: ResultRecordSchema.shape.params,
  seed: z.number().nullable(),
  inputs: z.array(LibraryInputSchema),
  cost: z.number().nullable(),
  settledCost: z.number().nullable(),
  inputMp: z.number().nullable(),
  outputMp: z.number().nullable(),
  task: z.object({ id: z.string(), remoteId: z.string().nullable() }),
  connection: z.object({ label: z.string() }),
  /** absent in the oldest sidecars */
  projectId: ProjectIdSchema.nullable().optional().catch(null),
  group: TaskGroupSchema.nullable().optional(),
  timings: z.object({ createdAt: z.number(), submittedAt: z.number().nullable(), readyAt: z.number().nullable(), savedAt: z.number() }),
});
type FirstSidecar = z.infer<typeof FirstSidecarSchema>;

/** A version 1 sidecar as version 2 says it: the same facts, under the record's names. */
function migrateFirst({ version: _, file, endpoint, task, connection, timings, projectId, group, ...same }: FirstSidecar): Sidecar {
  return {
    ...same,
    version: 2,
    fileName: file,
    endpointId: endpoint.id,
    endpointTitle: endpoint.title,
    release: endpoint.release,
    remoteTaskId: task.remoteId,
    connectionLabel: connection.label,
    ...timings,
    projectId: projectId ?? null,
    group: group ?? null,
  };
}

/**
 * What is written beside each result: enough to know, months later, how it was made. Every version this app ever
 * wrote is read, as the current one.
 */
export const SidecarSchema = z.union([CurrentSidecarSchema, FirstSidecarSchema.transform(migrateFirst)]);

/** The same, with `params` checked only as a record (a value out of `JSON.parse` is JSON by construction). */
const looseParams = { params: z.record(z.string(), z.unknown()) };
export const LooseSidecarSchema = z.union([
  CurrentSidecarSchema.extend(looseParams),
  FirstSidecarSchema.extend(looseParams).transform((s) => migrateFirst(s as FirstSidecar)),
]);

/** The record a sidecar holds, without its version. */
export const recordOf = ({ version: _, ...record }: Sidecar): ResultRecord => record;
