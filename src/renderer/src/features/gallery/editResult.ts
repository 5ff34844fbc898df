import type { LibraryItem } from '../../../../shared/ipc/contract';
import { currentText } from '../../ui/i18n/textStore';
import { editIn } from '../editor/editorActions';
import { editorNameOf, useEditorStore } from '../editor/editorStore';
import { sayNow } from '../../ui/i18n/saying';
import { useAsPicture as takeAsPicture, type ActionNote } from './actions';

/** "Edit in Krita" on a result: it becomes the studio's picture, and its saves come back there as versions. */
export async function editResult(item: LibraryItem): Promise<ActionNote> {
  const placed = await takeAsPicture(item);
  if (placed.kind === 'error') return placed;
  await editIn();
  const note = useEditorStore.getState().note;
  return note ? { kind: note.kind, text: sayNow(note.text) } : { kind: 'info', text: currentText().t('editor.note.openedPlain') };
}

/** The action's words: the editor chosen in Settings. */
export const editResultLabel = (): string => currentText().t('editor.menu.editIn', { ...editorNameOf(useEditorStore.getState().choice, useEditorStore.getState().systemDefault) });
