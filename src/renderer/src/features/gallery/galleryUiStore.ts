import { create } from 'zustand';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import type { ResultNote } from './actions';
import { NO_FILTER, type GalleryFilter } from './galleryModel';

/**
 * What the gallery's user has chosen: the filters, the selected, chosen and opened results, the open card menu, the
 * last action's note and the result being saved as. Its parts (filters, grid, menu, full view) each read what they
 * show; what main sends (the pages) is in galleryView.ts.
 */
interface GalleryUiState {
  readonly filter: GalleryFilter;
  readonly selectedId: string | null;
  /** the result opened in the full view by the user (a notification's request is the library store's) */
  readonly openId: string | null;
  readonly menu: { readonly id: string; readonly x: number; readonly y: number } | null;
  readonly note: ResultNote | null;
  readonly saving: LibraryItem | null;
  /** results chosen together (Ctrl+click, Ctrl+Space) for an action on several: a batch */
  readonly picked: readonly string[];
}

export const useGalleryUi = create<GalleryUiState>(() => ({
  filter: NO_FILTER,
  selectedId: null,
  openId: null,
  menu: null,
  note: null,
  saving: null,
  picked: [],
}));

/** The gallery opens as it was first shown: no filter, nothing selected or open. */
export function resetGalleryUi(): void {
  useGalleryUi.setState({ filter: NO_FILTER, selectedId: null, openId: null, menu: null, note: null, saving: null, picked: [] });
}

const set = useGalleryUi.setState;
/** What the gallery's parts change; plain functions, the same at every render. */
export const galleryUi = {
  setFilter: (filter: GalleryFilter) => set({ filter }),
  /** Changes some of the filters, keeping the others. */
  refine: (patch: Partial<GalleryFilter>) => set((s) => ({ filter: { ...s.filter, ...patch } })),
  select: (selectedId: string | null) => set({ selectedId }),
  open: (openId: string | null) => set({ openId }),
  showMenu: (menu: GalleryUiState['menu']) => set({ menu }),
  setNote: (note: ResultNote | null) => set({ note }),
  setSaving: (saving: LibraryItem | null) => set({ saving }),
  /** Adds a result to the chosen ones, or takes it out if it was in; either way it is the selected one. */
  togglePick: (id: string) => set((s) => ({ selectedId: id, picked: s.picked.includes(id) ? s.picked.filter((x) => x !== id) : [...s.picked, id] })),
  clearPicked: () => set({ picked: [] }),
};
