import { create } from 'zustand';

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

export interface UpscaleNote {
  readonly kind: 'info' | 'error';
  readonly text: string;
}

interface UpscaleState {
  readonly source: UpscaleSource | null;
  /** Why the clip last chosen was refused, one line per limit it breaks; it was not taken, nothing was sent. */
  readonly refused: { readonly name: string; readonly problems: readonly string[] } | null;
  readonly checking: boolean;
  readonly busy: boolean;
  readonly note: UpscaleNote | null;
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
