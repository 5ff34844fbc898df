import type { BrowserWindow } from 'electron';
import { capChangeDialog, type CapChangeQuestion } from '../core/spending/capChange';
import { settleDialog, type SettleQuestion } from '../core/spending/settleConfirm';
import type { AppText } from '../../shared/i18n/text';
import { askInMainDialog } from './mainDialog';

/** The core's `confirmCapChange` in Electron: main's own dialog, naming the old and new amounts. */
export function askCapChange(window: BrowserWindow | undefined, question: CapChangeQuestion, text: AppText): Promise<boolean> {
  return askInMainDialog(window, capChangeDialog(question, text));
}

/** The core's `confirmSettle` in Electron: main's own dialog before a held task is counted lower. */
export function askSettle(window: BrowserWindow | undefined, question: SettleQuestion, text: AppText): Promise<boolean> {
  return askInMainDialog(window, settleDialog(question, text));
}
