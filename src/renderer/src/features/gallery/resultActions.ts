import type { LibraryItem } from '../../../../shared/ipc/contract';
import {
  copyImage,
  deleteResult,
  makeVariations,
  rerunSameSeed,
  reuseParameters,
  reveal,
  toggleStar,
  useAsKeyframe,
  useAsPicture,
  useAsReference,
  type ActionNote,
} from './actions';
import { isVideo } from '../../../../shared/media/mediaType';
import { openUpscale } from '../studio/openUpscale';
import { useLayersStore } from '../../store/layersStore';
import { editResult, editResultLabel } from './editResult';

export interface ResultAction {
  readonly id: string;
  readonly label: string;
  /** the shortcut, as shown */
  readonly keys?: string;
  readonly run: (item: LibraryItem) => Promise<ActionNote | null>;
}

/** Every action on a result, in the order the full view and the right-click menu show them. */
export function resultActions(item: LibraryItem, openSaveAs: (item: LibraryItem) => void): ResultAction[] {
  const video = isVideo(item);
  const actions: Array<ResultAction | false> = [
    { id: 'reuse', label: 'Reuse parameters', keys: 'P', run: (i) => reuseParameters(i) },
    item.seed !== null && { id: 'rerun', label: 'Rerun with the same seed', keys: 'R', run: rerunSameSeed },
    { id: 'variations', label: 'Make 4 variations', keys: 'V', run: (i) => makeVariations(i) },
    !video && { id: 'picture', label: 'Use as the picture', run: useAsPicture },
    !video && { id: 'reference', label: 'Use as a reference', run: useAsReference },
    !video && { id: 'keyframe', label: 'Use as keyframe', run: useAsKeyframe },
    !video && { id: 'edit-in', label: `${editResultLabel()}…`, run: editResult },
    video && { id: 'upscale', label: 'Upscale…', run: openUpscale },
    { id: 'reveal', label: 'Show in folder', run: reveal },
    {
      id: 'save',
      label: 'Save as…',
      keys: 'Ctrl+S',
      run: async (i) => {
        openSaveAs(i);
        return null;
      },
    },
    !video && {
      id: 'layers',
      label: 'Export layers…',
      run: async (i) => {
        useLayersStore.getState().openExport({ kind: 'result', resultId: i.id }, i.fileName);
        return null;
      },
    },
    !video && { id: 'copy', label: 'Copy', keys: 'Ctrl+C', run: copyImage },
    { id: 'star', label: item.starred ? 'Unstar' : 'Star', keys: 'S', run: toggleStar },
    { id: 'delete', label: 'Delete', keys: 'Del', run: deleteResult },
  ];
  return actions.filter((a): a is ResultAction => a !== false);
}

/** The action a key press on a selected result asks for, if any. */
export function actionForKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): string | null {
  const mod = e.ctrlKey || e.metaKey;
  if (e.altKey) return null;
  if (mod && e.key.toLowerCase() === 'c') return 'copy';
  if (mod && e.key.toLowerCase() === 's') return 'save';
  if (mod) return null;
  switch (e.key) {
    case 'Delete':
    case 'Backspace':
      return 'delete';
    case 's':
    case 'S':
      return 'star';
    case 'p':
    case 'P':
      return 'reuse';
    case 'r':
    case 'R':
      return 'rerun';
    case 'v':
    case 'V':
      return 'variations';
    default:
      return null;
  }
}
