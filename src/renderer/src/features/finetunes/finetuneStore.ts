import { create } from 'zustand';
import type { Finetune } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { loadAnswer, NOT_LOADED, type LoadState } from '../../store/loadAnswer';
import type { MessageId } from '../../../../shared/i18n/catalog';
import type { AppText } from '../../../../shared/i18n/text';
import type { Words } from '../../../../shared/i18n/words';
import { currentText } from '../../ui/i18n/textStore';

/** `error`: why there is no list (the connection does not answer it), shown beside the typed name. */
interface FinetuneState extends LoadState {
  readonly finetunes: readonly Finetune[];
  readonly loading: boolean;
  /** `error` as main's words, said in the language on screen when it shows */
  readonly errorWords: Words | null;
  load(): Promise<void>;
  /** Deletes one on the service; answers whether it went (the service's words when it did not). */
  remove(id: string): Promise<{ ok: boolean; text: string }>;
}

/** The active key's finetunes, asked once when a finetune field first shows and again after a deletion. */
export const useFinetuneStore = create<FinetuneState>((set, get) => ({
  ...NOT_LOADED,
  finetunes: [],
  loading: false,
  errorWords: null,
  load: async () => {
    if (get().loading) return;
    set({ loading: true });
    const result = await gen.finetunes.list();
    set({ loading: false, errorWords: result.ok ? (result.value.messageWords ?? null) : null, ...loadAnswer(result, (v) => ({ finetunes: v.finetunes, error: v.message })) });
  },
  remove: async (id) => {
    const result = await gen.finetunes.delete({ id });
    if (!result.ok) return { ok: false, text: result.error.message };
    set((s) => ({ finetunes: s.finetunes.filter((f) => f.id !== id) }));
    void get().load();
    return { ok: true, text: currentText().t('studio.finetune.deleted', { name: id }) };
  },
}));

/** A line about a finetune from its details: its trigger word and kind, when the service gave them. */
const KINDS: Readonly<Record<string, MessageId>> = {
  lora: 'studio.finetune.kind.lora',
  full: 'studio.finetune.kind.full',
  character: 'studio.finetune.kind.character',
  product: 'studio.finetune.kind.product',
  style: 'studio.finetune.kind.style',
  general: 'studio.finetune.kind.general',
};

export function detailsText(f: Finetune, words: AppText = currentText()): string | null {
  const d = f.details;
  if (!d) return null;
  const parts: string[] = [];
  const text = (key: string) => (typeof d[key] === 'string' && (d[key] as string).trim() ? (d[key] as string).trim() : null);
  const trigger = text('trigger_word');
  if (trigger) parts.push(words.t('studio.finetune.trigger', { word: trigger }));
  // The kind of training and of finetune, in words: a LoRA is a small add-on, a full finetune a whole model.
  for (const key of ['finetune_type', 'mode']) {
    const v = text(key);
    const kind = v ? KINDS[v.toLowerCase()] : undefined;
    if (v) parts.push(kind ? words.t(kind) : v);
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}
