import type { BrowserWindow } from 'electron';
import { capChangeDialog, type CapChangeQuestion } from '../core/spending/capChange';
import { askInMainDialog } from './mainDialog';

/** The core's `confirmCapChange` in Electron: main's own dialog, naming the old and new amounts. */
export function askCapChange(window: BrowserWindow | undefined, question: CapChangeQuestion): Promise<boolean> {
  return askInMainDialog(window, capChangeDialog(question));
}
