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
import type { AppText } from '../../../../shared/i18n/text';
import { currentText } from '../../ui/i18n/textStore';

export interface ResultAction {
  readonly id: string;
  readonly label: string;
  /** the shortcut, as shown */
  readonly keys?: string;
  readonly run: (item: LibraryItem) => Promise<ActionNote | null>;
}

/** How many a result's "Make variations" sends, as one group. */
const VARIATIONS = 4;

/** Every action on a result, in the order the full view and the right-click menu show them. */
export function resultActions(item: LibraryItem, openSaveAs: (item: LibraryItem) => void, text: AppText = currentText()): ResultAction[] {
  const video = isVideo(item);
  const { t } = text;
  const actions: Array<ResultAction | false> = [
    { id: 'reuse', label: t('gallery.action.reuse'), keys: 'P', run: (i) => reuseParameters(i) },
    item.seed !== null && { id: 'rerun', label: t('gallery.action.rerun'), keys: 'R', run: rerunSameSeed },
    { id: 'variations', label: t('gallery.action.variations', { count: VARIATIONS }), keys: 'V', run: (i) => makeVariations(i, VARIATIONS) },
    !video && { id: 'picture', label: t('gallery.action.picture'), run: useAsPicture },
    !video && { id: 'reference', label: t('gallery.action.reference'), run: useAsReference },
    !video && { id: 'keyframe', label: t('gallery.action.keyframe'), run: useAsKeyframe },
    !video && { id: 'edit-in', label: `${editResultLabel()}…`, run: editResult },
    video && { id: 'upscale', label: t('gallery.action.upscale'), run: openUpscale },
    { id: 'reveal', label: t('gallery.action.reveal'), run: reveal },
    {
      id: 'save',
      label: t('gallery.action.saveAs'),
      keys: t('ui.key.ctrl', { key: 'S' }),
      run: async (i) => {
        openSaveAs(i);
        return null;
      },
    },
    !video && {
      id: 'layers',
      label: t('gallery.action.exportLayers'),
      run: async (i) => {
        useLayersStore.getState().openExport({ kind: 'result', resultId: i.id }, i.fileName);
        return null;
      },
    },
    !video && { id: 'copy', label: t('gallery.action.copy'), keys: t('ui.key.ctrl', { key: 'C' }), run: copyImage },
    { id: 'star', label: t(item.starred ? 'gallery.action.unstar' : 'gallery.action.star'), keys: 'S', run: toggleStar },
    { id: 'delete', label: t('gallery.action.delete'), keys: t('ui.key.delete'), run: deleteResult },
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
