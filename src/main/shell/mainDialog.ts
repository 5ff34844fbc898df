import { dialog, type BrowserWindow, type MessageBoxOptions } from 'electron';

/** The words of a yes/no question main asks in its own dialog. */
export interface MainDialogText {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  /** the default, and what Escape or closing the dialog means */
  readonly cancelLabel: string;
  readonly confirmLabel: string;
}

/**
 * A native message box owned by the main process, modal to the window: the renderer cannot see, draw over or
 * answer it. Resolves true only when the user pressed the confirming button.
 */
export async function askInMainDialog(window: BrowserWindow | undefined, text: MainDialogText): Promise<boolean> {
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
