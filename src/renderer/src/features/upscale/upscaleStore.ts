import { create } from 'zustand';
import type { AppText } from '../../../../shared/i18n/text';
import type { Note } from '../../ui/i18n/saying';

/** The clip the panel upscales: a file the artist chose or a previous result, stored as an input asset. */
export interface UpscaleSource {
  readonly assetId: string;
  readonly name: string;
  readonly url: string;
  readonly thumbnailUrl: string | null;
  readonly width: number;
  readonly height: number;
  readonly seconds: number;
  readonly bytes: number;
  readonly from: 'file' | 'result';
}

interface UpscaleState {
  readonly source: UpscaleSource | null;
  /** Why the clip last chosen was refused, one line per limit it breaks (said in the language on screen); it was not taken, nothing was sent. */
  readonly refused: { readonly name: string; readonly problems: (text: AppText) => readonly string[] } | null;
  readonly checking: boolean;
  readonly busy: boolean;
  readonly note: Note | null;
  set(patch: Partial<Omit<UpscaleState, 'set'>>): void;
}

/**
 * The upscale panel's source and what it says. The factor, precise or creative, and the prompt are the document's
 * form values for the endpoint, saved with the project like every other model's settings.
 */
export const useUpscaleStore = create<UpscaleState>((set) => ({
  source: null,
  refused: null,
  checking: false,
  busy: false,
  note: null,
  set: (patch) => set(patch),
}));
