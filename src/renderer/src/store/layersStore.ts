import { create } from 'zustand';
import type { LayeredIntake, LayeredSource } from '../../../shared/ipc/contract';

/** What the artist chose from a layered file: the whole picture (index null) or one layer, and whether its mask comes too. */
export interface LayerPick {
  readonly index: number | null;
  readonly asMask: boolean;
}

interface Asking {
  readonly fileName: string;
  readonly intake: LayeredIntake;
  /** the whole picture's preview */
  readonly wholeUrl: string;
  /** the mask choice is offered only where a picture with a mask can go (the studio's picture) */
  readonly offerMask: boolean;
  readonly answer: (pick: LayerPick | null) => void;
}

interface LayersState {
  /** "Export layers…" open for this source */
  readonly exporting: { readonly source: LayeredSource; readonly title: string } | null;
  /** a layered file just taken in, waiting for the artist to choose what of it to use */
  readonly asking: Asking | null;
  openExport(source: LayeredSource, title: string): void;
  closeExport(): void;
}

export const useLayersStore = create<LayersState>((set) => ({
  exporting: null,
  asking: null,
  openExport: (source, title) => set({ exporting: { source, title } }),
  closeExport: () => set({ exporting: null }),
}));

/** Asks which part of a layered file to use; resolves null when the artist closes the picker (the composite stays). */
export function askWhichLayer(fileName: string, intake: LayeredIntake, wholeUrl: string, offerMask: boolean): Promise<LayerPick | null> {
  return new Promise((resolve) => {
    const answer = (pick: LayerPick | null) => {
      useLayersStore.setState({ asking: null });
      resolve(pick);
    };
    useLayersStore.setState({ asking: { fileName, intake, wholeUrl, offerMask, answer } });
  });
}
