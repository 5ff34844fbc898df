import { create } from 'zustand';
import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import type { JsonValue } from '../../../shared/catalog/field';
import { MAX_VARIATIONS } from '../../../shared/ipc/contract';
import type { Note } from '../ui/i18n/saying';

export interface StudioNotice extends Note {
  /** The model it speaks of: it shows only while that model is chosen (an answer that comes after a switch waits). */
  readonly about: string;
}

interface StudioState {
  /** Variations one press of Generate makes, 1 to 8. */
  readonly variations: number;
  /** Models the artist tried to generate with: their missing required fields are marked from then on. */
  readonly attempted: ReadonlySet<string>;
  /** What the last switch left unused, or why the last Generate sent nothing. */
  readonly notice: StudioNotice | null;
  /** Each model's last Generate, whose variations and seeds the panel lists while that model is chosen. */
  readonly lastGroups: Readonly<Record<string, string>>;
  readonly busy: boolean;
  /** The studio was opened from a Start card: the prompt takes the focus once the studio shows. */
  readonly promptWanted: boolean;
  /** The prompt last typed, kept while a model without a prompt is chosen. */
  readonly carriedPrompt: string;
  /** The seed a reuse brought back, so the panel can say where the pinned seed came from. */
  readonly reusedSeed: { readonly endpointId: string; readonly seed: number } | null;
  /** A result was reused: Generate makes as many variations as its Generate did, and its seed is named as its. */
  reused(endpointId: string, seed: number | null, variations: number): void;
  carry(prompt: string): void;
  wantPrompt(wanted: boolean): void;
  setVariations(n: number): void;
  attempt(endpointId: string): void;
  /**
   * A setting changed. A finetune left unpicked (deleted from the account, or unpicked) is no mistake of the
   * artist's: its "Field required" waits for the next Generate again instead of showing in red at once.
   */
  changed(endpoint: Pick<EndpointSpec, 'id' | 'fields'>, name: string, value: JsonValue | undefined): void;
  say(notice: StudioNotice | null): void;
  ran(endpointId: string, groupId: string): void;
  set(patch: Partial<Pick<StudioState, 'busy'>>): void;
}

/** The notice the panel shows for this model: one about another model is not shown beside it. */
export const noticeFor = (s: Pick<StudioState, 'notice'>, endpointId: string): StudioNotice | null => (s.notice?.about === endpointId ? s.notice : null);

/** The studio's own state, beside the canvas document (which it reads and changes through the canvas store). */
export const useStudioStore = create<StudioState>((set, get) => ({
  variations: 1,
  attempted: new Set(),
  notice: null,
  lastGroups: {},
  busy: false,
  carriedPrompt: '',
  reusedSeed: null,
  reused: (endpointId, seed, variations) => {
    set({ reusedSeed: seed === null ? null : { endpointId, seed } });
    get().setVariations(variations);
  },
  promptWanted: false,
  wantPrompt: (promptWanted) => set({ promptWanted }),
  carry: (carriedPrompt) => set({ carriedPrompt }),
  setVariations: (n) => set({ variations: Math.max(1, Math.min(MAX_VARIATIONS, Math.round(Number.isFinite(n) ? n : 1))) }),
  attempt: (endpointId) => set({ attempted: new Set(get().attempted).add(endpointId) }),
  changed: (endpoint, name, value) => {
    const finetune = endpoint.fields.some((f) => f.name === name && f.role === 'finetune' && f.type === 'string');
    if (value !== undefined || !finetune || !get().attempted.has(endpoint.id)) return;
    const attempted = new Set(get().attempted);
    attempted.delete(endpoint.id);
    set({ attempted });
  },
  say: (notice) => set({ notice }),
  ran: (endpointId, groupId) => set({ lastGroups: { ...get().lastGroups, [endpointId]: groupId } }),
  set: (patch) => set(patch),
}));
