import { z } from 'zod';
import { DisplayNameText } from './names';
import { BlobNameSchema, CanvasDocumentSchema } from '../../canvas/document';
import { call, event } from '../define';
import { BytesSchema } from './assets';

import { ProjectIdSchema } from '../../projects/projectId';
import { Moment } from './values';
import { WordsSchema } from '../../i18n/words';

export { ProjectIdSchema };

const ProjectSummarySchema = z.object({
  id: ProjectIdSchema,
  name: z.string(),
  createdAt: Moment,
  updatedAt: Moment,
  /** The base image's preview address, when the project has one. */
  thumbnailUrl: z.string().nullable(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

const ProjectName = DisplayNameText(200, 1, 'A project needs a name');
/** Blob files travel as bytes (structured clone), never as base64 text inside the document. */
const Blobs = z.record(BlobNameSchema, BytesSchema);

export const projectCalls = {
  /** Every project, most recently changed first, and the one the app had open last. */
  'projects.list': call(
    z.undefined(),
    z.object({ projects: z.array(ProjectSummarySchema), lastOpenedId: ProjectIdSchema.nullable() }),
  ),
  'projects.create': call(z.object({ name: ProjectName, document: CanvasDocumentSchema }), ProjectSummarySchema),
  /** The saved document and the blob files it names. Marks the project as the one last opened. */
  'projects.open': call(
    z.object({ id: ProjectIdSchema }),
    z.object({ project: ProjectSummarySchema, document: CanvasDocumentSchema, blobs: Blobs }),
  ),
  /**
   * Saves the document atomically. `blobs` carries only files that are new since the last save; the files the
   * document names are kept and every other blob of the project is removed after the document is on disk.
   */
  'projects.save': call(
    z.object({ id: ProjectIdSchema, document: CanvasDocumentSchema, blobs: Blobs }),
    ProjectSummarySchema,
  ),
  'projects.rename': call(z.object({ id: ProjectIdSchema, name: ProjectName }), ProjectSummarySchema),
  'projects.duplicate': call(z.object({ id: ProjectIdSchema, name: ProjectName }), ProjectSummarySchema),
  'projects.remove': call(z.object({ id: ProjectIdSchema }), z.object({ removed: z.boolean() })),
};

/**
 * What opening a `.genstudio` file gives: the project it became, and a note when it was added as a copy. A file of
 * a project already in the list adds nothing yet: `alreadyOpen` holds the token to open it as a copy, and `project`
 * is the one already there, so the artist chooses to switch to it or to open a copy named "… (copy)".
 */
/**
 * A project file taken in: `notice` (English, for the log and older readers) says how it was added when that needs
 * saying, `noticeWords` the same as words the window says in the language on screen.
 */
const OpenedProjectFileSchema = z.object({
  project: ProjectSummarySchema,
  notice: z.string().nullable(),
  noticeWords: WordsSchema.optional(),
  alreadyOpen: z.string().max(64).nullable().optional(),
});
export type OpenedProjectFile = z.infer<typeof OpenedProjectFileSchema>;

/** Saving to and opening from a single `.genstudio` file (a zip of the project); main shows the file dialogs. */
export const projectFileCalls = {
  /** Asks where to save, then writes the project (as last saved) with its pictures; `saved` is false when cancelled. */
  'projects.saveToFile': call(z.object({ id: ProjectIdSchema }), z.object({ saved: z.boolean(), fileName: z.string().nullable() })),
  /** Asks which file to open and adds its project; `opened` is null when cancelled. A damaged file fails with what is wrong. */
  'projects.openFile': call(z.undefined(), z.object({ opened: OpenedProjectFileSchema.nullable() })),
  /** The file answered with `alreadyOpen`, added after all as a separate project named "… (copy)". */
  'projects.openCopy': call(z.object({ token: z.string().max(64) }), OpenedProjectFileSchema),
  /** A `.genstudio` file dropped on the window, as bytes. */
  'projects.openDropped': call(z.object({ name: DisplayNameText(1024), bytes: BytesSchema }), OpenedProjectFileSchema),
};

export const projectFileEvents = {
  /** The system opened a `.genstudio` file with the app (double-click, the command line, a second launch). */
  'projects.fileOpened': event(OpenedProjectFileSchema),
};

export const projectEvents = {
  /** The list changed (created, renamed, duplicated, removed, or a corrupt project set aside). */
  'projects.changed': event(z.object({ projects: z.array(ProjectSummarySchema) })),
};
