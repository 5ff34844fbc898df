import type { BrowserWindow } from 'electron';
import { capChangeDialog, type CapChangeQuestion } from '../core/spending/capChange';
import { settleDialog, type SettleQuestion } from '../core/spending/settleConfirm';
import { askInMainDialog } from './mainDialog';

/** The core's `confirmCapChange` in Electron: main's own dialog, naming the old and new amounts. */
export function askCapChange(window: BrowserWindow | undefined, question: CapChangeQuestion): Promise<boolean> {
  return askInMainDialog(window, capChangeDialog(question));
}

/** The core's `confirmSettle` in Electron: main's own dialog before a held task is counted lower. */
export function askSettle(window: BrowserWindow | undefined, question: SettleQuestion): Promise<boolean> {
  return askInMainDialog(window, settleDialog(question));
}
