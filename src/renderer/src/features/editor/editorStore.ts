import { create } from 'zustand';
import type { EditorChoice, EditorSession, FoundEditor } from '../../../../shared/ipc/contract';

/** What the last save brought back, with an Undo beside it; or what went wrong. */
export interface EditorNote {
  readonly kind: 'info' | 'error';
  readonly text: string;
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

/** What the system's default app is called when the system does not say its name. */
const UNNAMED_DEFAULT = 'your default app';

/** "Krita", the system's default app by its name ("Image Viewer"), or "your default app". */
export const editorNameOf = (choice: EditorChoice | null, systemDefault: string | null): string => (choice?.kind === 'app' ? choice.name : (systemDefault ?? UNNAMED_DEFAULT));

/** A round trip's editor by its name, or "your default app" when the system did not say it. */
export const sessionEditorName = (session: Pick<EditorSession, 'editorName'>): string => session.editorName ?? UNNAMED_DEFAULT;
