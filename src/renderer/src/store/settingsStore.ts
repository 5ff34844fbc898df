import { create } from 'zustand';
import type { Preferences, SpendingCaps, SpendingSummary } from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/result';
import { gen } from '../api';

interface SettingsState {
  readonly preferences: Preferences | null;
  readonly spending: SpendingSummary | null;
  load(): Promise<void>;
  /** Asks main for the totals and the balance again. */
  loadSpending(): Promise<void>;
  follow(): () => void;
  update(patch: Partial<Preferences>): Promise<IpcResult<Preferences>>;
  setCaps(keyId: string, caps: SpendingCaps): Promise<IpcResult<SpendingSummary>>;
  /** Says whether a task whose outcome was unknown was charged (and what it cost). */
  settle(id: string, charged: boolean, cost?: number): Promise<IpcResult<SpendingSummary>>;
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  preferences: null,
  spending: null,
  load: async () => {
    const result = await gen.settings.get();
    if (result.ok) set({ preferences: result.value });
    await get().loadSpending();
  },
  loadSpending: async () => {
    const result = await gen.spending.summary({});
    if (result.ok) set({ spending: result.value });
  },
  follow: () => {
    const offSettings = gen.settings.onChanged((preferences) => set({ preferences }));
    const offSpending = gen.spending.onChanged((summary) => {
      // Events carry totals without asking the service; keep the balance the last full answer gave.
      const current = get().spending;
      set({ spending: current && current.keyId === summary.keyId && summary.credits === null ? { ...summary, credits: current.credits, creditsNote: current.creditsNote, creditsNoteWords: current.creditsNoteWords } : summary });
    });
    return () => {
      offSettings();
      offSpending();
    };
  },
  update: async (patch) => {
    // Shown at once (a radio or a toggle must not flick back while main writes); put back if main refuses.
    const before = get().preferences;
    if (before) set({ preferences: { ...before, ...patch } });
    const result = await gen.settings.update(patch);
    if (result.ok) set({ preferences: result.value });
    else if (before) set({ preferences: before });
    return result;
  },
  setCaps: async (keyId, caps) => {
    const result = await gen.spending.setCaps({ keyId, caps });
    if (result.ok) set({ spending: result.value });
    return result;
  },
  settle: async (id, charged, cost) => {
    const result = await gen.spending.settle(cost === undefined ? { id, charged } : { id, charged, cost });
    if (result.ok) set({ spending: result.value });
    return result;
  },
}));
