import { create } from 'zustand';
import type { Note } from '../../ui/i18n/saying';
import type { EditorChoice, EditorSession, FoundEditor } from '../../../../shared/ipc/contract';

/** What the last save brought back, with an Undo beside it; or what went wrong. */
export interface EditorNote extends Note {
  readonly undo?: boolean;
}

interface EditorState {
  /** The open project's round trip, or null. */
  readonly session: EditorSession | null;
  /** The editor chosen in Settings, and the known ones found installed; null until asked. */
  readonly choice: EditorChoice | null;
  readonly found: readonly FoundEditor[];
  /** the system's default app for pictures by its name; null when the system does not say */
  readonly systemDefault: string | null;
  readonly note: EditorNote | null;
  set(patch: Partial<Omit<EditorState, 'set'>>): void;
}

export const useEditorStore = create<EditorState>((set) => ({
  session: null,
  choice: null,
  found: [],
  systemDefault: null,
  note: null,
  set: (patch) => set(patch),
}));

/**
 * An editor as the catalog's messages take it: `named` picks "Krita" (the editor's or the system's default app's
 * own name) or the words "your default app" when the system does not say the name.
 */
export interface EditorNaming {
  readonly named: 'yes' | 'no';
  readonly editor: string;
}

const naming = (name: string | null): EditorNaming => (name ? { named: 'yes', editor: name } : { named: 'no', editor: '' });

/** The chosen editor: "Krita", or the system's default app by its name ("Image Viewer") where the system says it. */
export const editorNameOf = (choice: EditorChoice | null, systemDefault: string | null): EditorNaming => naming(choice?.kind === 'app' ? choice.name : systemDefault);

/** A round trip's editor, by its name where it is known. */
export const sessionEditorName = (session: Pick<EditorSession, 'editorName'>): EditorNaming => naming(session.editorName);
