import { create } from 'zustand';
import type { Finetune } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { loadAnswer, NOT_LOADED, type LoadState } from '../../store/loadAnswer';

/** `error`: why there is no list (the connection does not answer it), shown beside the typed name. */
interface FinetuneState extends LoadState {
  readonly finetunes: readonly Finetune[];
  readonly loading: boolean;
  load(): Promise<void>;
  /** Deletes one on the service; answers what to say. */
  remove(id: string): Promise<{ ok: boolean; text: string }>;
}

/** The active key's finetunes, asked once when a finetune field first shows and again after a deletion. */
export const useFinetuneStore = create<FinetuneState>((set, get) => ({
  ...NOT_LOADED,
  finetunes: [],
  loading: false,
  load: async () => {
    if (get().loading) return;
    set({ loading: true });
    const result = await gen.finetunes.list();
    set({ loading: false, ...loadAnswer(result, (v) => ({ finetunes: v.finetunes, error: v.message })) });
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
  const text = (key: string) => (typeof d[key] === 'string' && (d[key] as string).trim() ? (d[key] as string).trim() : null);
  const trigger = text('trigger_word');
  if (trigger) parts.push(`write “${trigger}” in the prompt to call it`);
  // The kind of training and of finetune, in words: a LoRA is a small add-on, a full finetune a whole model.
  const kinds: Readonly<Record<string, string>> = { lora: 'a light add-on (LoRA)', full: 'a whole tuned model', character: 'trained on a character', product: 'trained on a product', style: 'trained on a style', general: 'trained on a subject' };
  for (const key of ['finetune_type', 'mode']) {
    const v = text(key);
    if (v) parts.push(kinds[v.toLowerCase()] ?? v);
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}
