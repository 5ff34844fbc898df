import { create } from 'zustand';
import { MAX_VARIATIONS } from '../../../../shared/ipc/contract';

export interface StudioNotice {
  readonly kind: 'info' | 'error';
  readonly text: string;
}

interface StudioState {
  /** Variations one press of Generate makes, 1 to 8. */
  readonly variations: number;
  /** Models the artist tried to generate with: their missing required fields are marked from then on. */
  readonly attempted: ReadonlySet<string>;
  /** What the last switch left unused, or why the last Generate sent nothing. */
  readonly notice: StudioNotice | null;
  /** The group of the last Generate, whose variations and seeds the panel lists. */
  readonly lastGroupId: string | null;
  readonly busy: boolean;
  /** The prompt last typed, kept while a model without a prompt is chosen. */
  readonly carriedPrompt: string;
  carry(prompt: string): void;
  setVariations(n: number): void;
  attempt(endpointId: string): void;
  say(notice: StudioNotice | null): void;
  set(patch: Partial<Pick<StudioState, 'lastGroupId' | 'busy'>>): void;
}

/** The studio's own state, beside the canvas document (which it reads and changes through the canvas store). */
export const useStudioStore = create<StudioState>((set, get) => ({
  variations: 1,
  attempted: new Set(),
  notice: null,
  lastGroupId: null,
  busy: false,
  carriedPrompt: '',
  carry: (carriedPrompt) => set({ carriedPrompt }),
  setVariations: (n) => set({ variations: Math.max(1, Math.min(MAX_VARIATIONS, Math.round(Number.isFinite(n) ? n : 1))) }),
  attempt: (endpointId) => set({ attempted: new Set(get().attempted).add(endpointId) }),
  say: (notice) => set({ notice }),
  set: (patch) => set(patch),
}));
