import { create } from 'zustand';
import type { Finetune } from '../../../../shared/ipc/contract';
import { gen } from '../../api';

interface FinetuneState {
  readonly finetunes: readonly Finetune[];
  /** null until the first answer */
  readonly loaded: boolean;
  readonly loading: boolean;
  /** why there is no list (the connection does not answer it), shown beside the typed name */
  readonly message: string | null;
  load(): Promise<void>;
  /** Deletes one on the service; answers what to say. */
  remove(id: string): Promise<{ ok: boolean; text: string }>;
}

/** The active key's finetunes, asked once when a finetune field first shows and again after a deletion. */
export const useFinetuneStore = create<FinetuneState>((set, get) => ({
  finetunes: [],
  loaded: false,
  loading: false,
  message: null,
  load: async () => {
    if (get().loading) return;
    set({ loading: true });
    const result = await gen.finetunes.list();
    set(
      result.ok
        ? { finetunes: result.value.finetunes, message: result.value.message, loaded: true, loading: false }
        : { finetunes: [], message: result.error.message, loaded: true, loading: false },
    );
  },
  remove: async (id) => {
    const result = await gen.finetunes.delete({ id });
    if (!result.ok) return { ok: false, text: result.error.message };
    set((s) => ({ finetunes: s.finetunes.filter((f) => f.id !== id) }));
    void get().load();
    return { ok: true, text: `Deleted the finetune “${id}”.` };
  },
}));

/** A line about a finetune from its details: its trigger word and kind, when the service gave them. */
export function detailsText(f: Finetune): string | null {
  const d = f.details;
  if (!d) return null;
  const parts: string[] = [];
  for (const [key, label] of [
    ['trigger_word', 'trigger word'],
    ['mode', 'kind'],
    ['finetune_type', 'type'],
  ] as const) {
    const v = d[key];
    if (typeof v === 'string' && v.trim()) parts.push(`${label} ${v}`);
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}
