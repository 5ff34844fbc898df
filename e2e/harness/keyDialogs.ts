import type { ConfirmKeyDestination, KeyDestinationQuestion } from '../../src/main/core/connections/keyDestinationQuestion';
import { keyDestinationDialog, type KeyDestinationDialog } from '../../src/main/core/connections/keyDestinationQuestion';

export interface OpenKeyDialog {
  readonly question: KeyDestinationQuestion;
  /** the words the Electron dialog shows */
  readonly text: KeyDestinationDialog;
  answer(send: boolean): void;
}

/**
 * The Chromium harness's stand-in for the main process's native dialog (src/main/shell/keyDialog.ts): the
 * core's `confirmKeyDestination` goes to the spec, in Node, never to the page, so specs answer it as the user
 * would and the renderer can no more reach it than it can a native dialog.
 */
export class ScriptedKeyDialogs {
  private readonly open: OpenKeyDialog[] = [];
  private readonly waiters: Array<(dialog: OpenKeyDialog) => void> = [];
  readonly asked: KeyDestinationQuestion[] = [];

  readonly confirm: ConfirmKeyDestination = (question) =>
    new Promise<boolean>((resolve) => {
      this.asked.push(question);
      const dialog: OpenKeyDialog = {
        question,
        text: keyDestinationDialog(question),
        answer: (send) => {
          this.open.splice(this.open.indexOf(dialog), 1);
          resolve(send);
        },
      };
      const waiter = this.waiters.shift();
      if (waiter) waiter(dialog);
      else this.open.push(dialog);
    });

  /** The next dialog the core shows (one already open, or the next to open). */
  next(timeoutMs = 10_000): Promise<OpenKeyDialog> {
    const first = this.open[0];
    if (first) return Promise.resolve(first);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(take), 1);
        reject(new Error(`No key dialog opened within ${timeoutMs} ms`));
      }, timeoutMs);
      const take = (dialog: OpenKeyDialog) => {
        clearTimeout(timer);
        this.open.push(dialog);
        resolve(dialog);
      };
      this.waiters.push(take);
    });
  }
}
