import { create } from 'zustand';
import type { Saying } from '../../ui/i18n/saying';
import { BATCH_TOOL_WORDS, type BatchPicture, type BatchTool } from '../../../../shared/batch/plan';

/** A folder main's dialog answered: the handle it is named by, and where it is. */
export interface ChosenFolder {
  readonly handle: string;
  readonly path: string;
}

/**
 * The batch the artist is preparing: kept here, not in the form, so leaving the Batch screen (for the gallery, the
 * studio, Settings) and coming back finds it as it was left, until it is run or cleared.
 */
interface BatchDraft {
  readonly pictures: readonly BatchPicture[];
  readonly tool: BatchTool;
  readonly endpointId: string;
  readonly mask: BatchPicture | null;
  readonly partner: BatchPicture | null;
  readonly picturesAre: 'garments' | 'people';
  /** the labels of the shapes ticked for Expand */
  readonly formats: readonly string[];
  readonly prompt: string;
  /** the folder picked in main's dialog: its handle (what a batch is started with) and its path (what is shown) */
  readonly outputFolder: ChosenFolder | null;
  /** what went wrong with the last pictures added or the last run, said in the language on screen each time */
  readonly problems: readonly Saying[];
}

const EMPTY: BatchDraft = {
  pictures: [],
  tool: 'deblur',
  endpointId: BATCH_TOOL_WORDS.deblur.models[0]!,
  mask: null,
  partner: null,
  picturesAre: 'garments',
  formats: ['9x16', '1x1', '16x9'],
  prompt: '',
  outputFolder: null,
  problems: [],
};

export const useBatchDraft = create<BatchDraft>(() => EMPTY);

/** A new session (and each test) starts from the empty draft. */
export function resetBatchDraft(): void {
  useBatchDraft.setState(EMPTY);
}

/**
 * Appends pictures, leaving out any already in the batch (the same picture twice would make the same file twice).
 * With none new the list is the one held, so the batch is not planned and priced again.
 */
const joined = (have: readonly BatchPicture[], more: readonly BatchPicture[]): readonly BatchPicture[] => {
  const seen = new Set(have.map((p) => p.assetId));
  const fresh = more.filter((p) => {
    if (seen.has(p.assetId)) return false;
    seen.add(p.assetId);
    return true;
  });
  return fresh.length > 0 ? [...have, ...fresh] : have;
};

/**
 * What every batch needs that is not chosen yet (the pictures, the folder), as `batch.missing` names it; null when
 * both are. A tool's own needs (the mask, the prompt, a shape) are the plan's to say, and the tool always has one chosen.
 */
export function missingWhat({ pictures, outputFolder }: Pick<BatchDraft, 'pictures' | 'outputFolder'>): 'both' | 'pictures' | 'folder' | null {
  if (pictures.length === 0) return outputFolder ? 'pictures' : 'both';
  return outputFolder ? null : 'folder';
}

const set = useBatchDraft.setState;
/** What the form and the gallery change; plain functions, the same at every render. */
export const batchDraft = {
  /**
   * Pictures added from files, or handed over from the gallery: they join those already chosen, since an artist
   * who added some from disk and then picks more in the gallery means to batch them all (Clear is one press away,
   * while pictures replaced would be lost). The problems shown are this addition's.
   */
  add: (pictures: readonly BatchPicture[], problems: readonly Saying[]) => set((s) => ({ pictures: joined(s.pictures, pictures), problems })),
  clearPictures: () => set({ pictures: [] }),
  /** Each tool starts on its first model. */
  chooseTool: (tool: BatchTool) => set({ tool, endpointId: BATCH_TOOL_WORDS[tool].models[0]! }),
  setEndpointId: (endpointId: string) => set({ endpointId }),
  setMask: (mask: BatchPicture) => set({ mask }),
  setPartner: (partner: BatchPicture) => set({ partner }),
  // The person chosen for many garments is not the garment for many people: switching asks for the other one
  // (kept, it went to the service as the garment while the garment being chosen was still loading).
  setPicturesAre: (picturesAre: BatchDraft['picturesAre']) => set((s) => (s.picturesAre === picturesAre ? {} : { picturesAre, partner: null })),
  toggleFormat: (label: string, on: boolean) => set((s) => ({ formats: on ? [...s.formats.filter((f) => f !== label), label] : s.formats.filter((f) => f !== label) })),
  setPrompt: (prompt: string) => set({ prompt }),
  setOutputFolder: (outputFolder: ChosenFolder) => set({ outputFolder }),
  setProblems: (problems: readonly Saying[]) => set({ problems }),
  /**
   * A run has started: its pictures are done with (sent again they would make the same files twice), but the tool,
   * model, mask, partner, shapes, prompt and folder stay, as an artist's next batch is most often the same treatment
   * of the next set of pictures into the same folder.
   */
  started: () => set({ pictures: [], problems: [] }),
};
