import { z } from 'zod';
import { LibraryInputSchema, ProjectIdSchema, TaskGroupSchema } from '../../../shared/ipc/contract';
import { MEDIA_MIMES } from '../../../shared/media/mediaType';
import { BareFileNameSchema } from '../fs/bareFileName';

/** What is written beside each result: enough to know, months later, how it was made. */
export const SidecarSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  /** the result's file, beside the sidecar: never a path (a sidecar naming /etc/passwd must not serve it) */
  file: BareFileNameSchema,
  mime: z.enum(MEDIA_MIMES),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  seconds: z.number().nullable(),
  endpoint: z.object({ id: z.string(), title: z.string().nullable(), release: z.enum(['preview', 'snapshot']).nullable() }),
  params: z.record(z.string(), z.json()),
  seed: z.number().nullable(),
  inputs: z.array(LibraryInputSchema),
  cost: z.number().nullable(),
  settledCost: z.number().nullable(),
  inputMp: z.number().nullable(),
  outputMp: z.number().nullable(),
  task: z.object({ id: z.string(), remoteId: z.string().nullable() }),
  connection: z.object({ label: z.string() }),
  /** the project it was generated from, and its place among one Generate's variations (absent in older sidecars) */
  // As on task records: a project id of another form is dropped, never the sidecar (issue 23).
  projectId: ProjectIdSchema.nullable().optional().catch(null),
  group: TaskGroupSchema.nullable().optional(),
  timings: z.object({
    createdAt: z.number(),
    submittedAt: z.number().nullable(),
    readyAt: z.number().nullable(),
    savedAt: z.number(),
  }),
});
export type Sidecar = z.infer<typeof SidecarSchema>;
