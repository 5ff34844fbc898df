import type { BrowserWindow } from 'electron';
import { ENGLISH_TEXT, type AppText } from '../../shared/i18n/text';
import { keyDestinationDialog, type KeyDestinationQuestion } from '../core/connections/keyDestinationQuestion';
import { askInMainDialog } from './mainDialog';

/**
 * The core's `confirmKeyDestination` in Electron: a native message box owned by the main process, modal to the
 * window. The renderer takes no part: it cannot see the question, draw over it, or answer it. "Don't send" is
 * the default and what Escape or closing the box means. Asked in the language chosen when it is shown.
 */
export function askKeyDestination(window: BrowserWindow | undefined, question: KeyDestinationQuestion, text: AppText = ENGLISH_TEXT): Promise<boolean> {
  return askInMainDialog(window, keyDestinationDialog(question, text));
}
