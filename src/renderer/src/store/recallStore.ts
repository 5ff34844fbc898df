import { create } from 'zustand';
import type { JsonValue } from '../../../shared/catalog/field';
import type { AssetInfo } from '../../../shared/ipc/contract';

/** Parameters to open a form with (reuse from the gallery, a dropped file), taken once by the form that shows them. */
export interface Recall {
  readonly endpointId: string;
  readonly values: Readonly<Record<string, JsonValue | undefined>>;
  readonly media: Readonly<Record<string, AssetInfo | undefined>>;
}

interface RecallState {
  readonly pending: Recall | null;
  offer(recall: Recall): void;
  /** The pending recall for this endpoint, once: later forms open empty. */
  take(endpointId: string): Recall | null;
}

export const useRecallStore = create<RecallState>((set, get) => ({
  pending: null,
  offer: (recall) => set({ pending: recall }),
  take: (endpointId) => {
    const pending = get().pending;
    if (!pending || pending.endpointId !== endpointId) return null;
    set({ pending: null });
    return pending;
  },
}));
