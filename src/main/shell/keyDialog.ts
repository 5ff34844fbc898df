import { dialog, type BrowserWindow, type MessageBoxOptions } from 'electron';
import { keyDestinationDialog, type KeyDestinationQuestion } from '../core/keys/keyDestinationQuestion';

/**
 * The core's `confirmKeyDestination` in Electron: a native message box owned by the main process, modal to the
 * window. The renderer takes no part: it cannot see the question, draw over it, or answer it. "Don't send" is
 * the default and what Escape or closing the box means.
 */
export async function askKeyDestination(window: BrowserWindow | undefined, question: KeyDestinationQuestion): Promise<boolean> {
  const text = keyDestinationDialog(question);
  const options: MessageBoxOptions = {
    type: 'warning',
    title: text.title,
    message: text.message,
    detail: text.detail,
    buttons: [text.cancelLabel, text.confirmLabel],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
  const { response } = window && !window.isDestroyed() ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  return response === 1;
}
