import { z } from 'zod';
import { AssetIdSchema } from '../../tasks/taskRequest';
import { AssetInfoSchema } from './assets';
import { ProjectIdSchema } from './projects';
import type { LayeredFormat } from '../../layers/layeredDocument';
import { call, event } from '../define';

/** The image editors Gen Studio knows where to look for; any other is picked with a file dialog. */
export const KNOWN_EDITORS = ['Krita', 'Photoshop', 'GIMP', 'Affinity Photo'] as const;

/**
 * The working copy each known editor is handed: a layered file it opens as layers (every version of the picture,
 * the mask, the references), or, for any other app and the system's default, the picture in its own format.
 */
const LAYERED_FOR: Readonly<Record<(typeof KNOWN_EDITORS)[number], LayeredFormat>> = { Krita: 'ora', GIMP: 'ora', Photoshop: 'psd', 'Affinity Photo': 'psd' };

export const workingFormatFor = (editorName: string): LayeredFormat | null => LAYERED_FOR[editorName as (typeof KNOWN_EDITORS)[number]] ?? null;

/** Which editor "Edit in…" opens: the system's default app for the file's type, or one application chosen once. */
export const EditorChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('system') }),
  z.object({ kind: z.literal('app'), name: z.string().min(1).max(200), path: z.string().min(1).max(4096) }),
]);
export type EditorChoice = z.infer<typeof EditorChoiceSchema>;

/** One save the editor made, stored as an asset and waiting for the canvas to take it as a version. */
const EditorSaveSchema = z.object({
  id: z.string().min(1).max(100),
  asset: AssetInfoSchema,
  savedAt: z.number(),
});

/** A project's round trip with an editor, as the renderer sees it. */
const EditorSessionSchema = z.object({
  projectId: ProjectIdSchema,
  /** "Krita", or the system's default app by its name; null when the system did not say its name */
  editorName: z.string().nullable(),
  /** the working copy's file name (it lives in the project's folder) */
  fileName: z.string(),
  startedAt: z.number(),
  /** saves not yet taken onto the canvas, oldest first */
  pending: z.array(EditorSaveSchema),
});
export type EditorSession = z.infer<typeof EditorSessionSchema>;

const FoundEditorSchema = z.object({ name: z.string(), path: z.string() });
export type FoundEditor = z.infer<typeof FoundEditorSchema>;

export const editorCalls = {
  /**
   * Opens a working copy of the picture (in the project's folder, in the picture's own format) in the chosen
   * editor and watches it: every save comes back as `editor.saved`. A project edits one picture at a time; a new
   * start ends the one before.
   */
  'editor.start': call(z.object({ projectId: ProjectIdSchema, assetId: AssetIdSchema }), EditorSessionSchema),
  /** The project's round trip, with the saves made while the canvas was not listening; null when there is none. */
  'editor.session': call(z.object({ projectId: ProjectIdSchema }), EditorSessionSchema.nullable()),
  /** The canvas took this save (or already had it): it is not offered again. */
  'editor.accept': call(z.object({ projectId: ProjectIdSchema, saveId: z.string().min(1).max(100) }), z.object({ accepted: z.boolean() })),
  /** Stops watching the working copy; the file stays in the project's folder. */
  'editor.stop': call(z.object({ projectId: ProjectIdSchema }), z.object({ stopped: z.boolean() })),
  /** The editor chosen in Settings, and the known editors found installed in their usual places. */
  'editor.choice': call(
    z.undefined(),
    z.object({
      choice: EditorChoiceSchema,
      found: z.array(FoundEditorSchema),
      /** the name of the system's default app for pictures, null when the system does not say */
      systemDefault: z.string().nullable(),
    }),
  ),
  /**
   * Sets the editor: the system's default, one found installed, or `pick` to choose an application with the
   * system's file dialog (cancelling keeps the choice as it was).
   */
  'editor.choose': call(
    z.union([EditorChoiceSchema, z.object({ kind: z.literal('pick') })]),
    z.object({ choice: EditorChoiceSchema }),
  ),
};

export const editorEvents = {
  /** The editor saved the working copy: the session with the save waiting in `pending`. */
  'editor.saved': event(EditorSessionSchema),
  /** A round trip ended (the artist stopped it, or its project was deleted). */
  'editor.stopped': event(z.object({ projectId: ProjectIdSchema })),
};
