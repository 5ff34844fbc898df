import { create } from 'zustand';
import type { ProjectSummary } from '../../../../../shared/ipc/contract/projects';
import type { Saying } from '../../../ui/i18n/saying';

/** `loading` until a project is open: nothing may be edited before, or the opened document would replace it. */
export type SaveStatus = 'loading' | 'saved' | 'unsaved' | 'saving' | 'failed';

interface ProjectState {
  readonly projects: readonly ProjectSummary[];
  readonly currentId: string | null;
  readonly status: SaveStatus;
  /** why the project is not saved, said in the language on screen each time it shows */
  readonly error: Saying | null;
  set(patch: Partial<Omit<ProjectState, 'set'>>): void;
}

/** The project list and the state of the open project's autosave. */
export const useProjectStore = create<ProjectState>((set) => ({
  projects: [],
  currentId: null,
  status: 'loading',
  error: null,
  set: (patch) => set(patch),
}));
