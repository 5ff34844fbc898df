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
  readonly note: EditorNote | null;
  set(patch: Partial<Omit<EditorState, 'set'>>): void;
}

export const useEditorStore = create<EditorState>((set) => ({
  session: null,
  choice: null,
  found: [],
  note: null,
  set: (patch) => set(patch),
}));

/** "Krita", or "your default app". */
export const editorNameOf = (choice: EditorChoice | null): string => (choice?.kind === 'app' ? choice.name : 'your default app');
