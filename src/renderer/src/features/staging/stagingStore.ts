import { create } from 'zustand';
import type { Note } from '../../ui/i18n/saying';

/** How the selected result shows over the canvas. */
export type CompareMode = 'result' | 'slider' | 'side';

interface StagingState {
  /** The result shown over the canvas (by task id); null shows the canvas itself. */
  readonly selectedId: string | null;
  readonly mode: CompareMode;
  /** Where the before/after divider stands, 0 (all after) to 1 (all before), across the result. */
  readonly split: number;
  /** Inpaint and erase results: keep every pixel outside the mask as it was. */
  readonly keepOutsideMask: boolean;
  readonly versionsOpen: boolean;
  /** What the strip is doing or why it could not (a result that could not be read, a locked picture). */
  /** the strip's note, said in the language on screen each time it shows */
  readonly message: Note | null;
  /** A result being accepted, kept or composited: its buttons wait. */
  readonly busy: boolean;
  select(id: string | null): void;
  setMode(mode: CompareMode): void;
  setSplit(split: number): void;
  setKeepOutsideMask(keep: boolean): void;
  toggleVersions(open?: boolean): void;
  say(message: StagingState['message']): void;
  setBusy(busy: boolean): void;
}

export const useStagingStore = create<StagingState>((set, get) => ({
  selectedId: null,
  mode: 'result',
  split: 0.5,
  keepOutsideMask: false,
  versionsOpen: false,
  message: null,
  busy: false,
  select: (selectedId) => set({ selectedId }),
  setMode: (mode) => set({ mode }),
  setSplit: (split) => set({ split: Math.max(0, Math.min(1, split)) }),
  setKeepOutsideMask: (keepOutsideMask) => set({ keepOutsideMask }),
  toggleVersions: (open) => set({ versionsOpen: open ?? !get().versionsOpen }),
  say: (message) => set({ message }),
  setBusy: (busy) => set({ busy }),
}));
