import type { MatrixCellInfo, MatrixInfo, MatrixStatus } from '../../../../shared/ipc/contract';
import { isEnded } from '../../../../shared/tasks/taskStates';
import { ENGLISH_TEXT, type AppText } from '../../../../shared/i18n/text';
import { endedParts } from '../runs/endedText';
import { tallyParts } from '../runs/tallyText';

/** A cell's state, as the select of `explore.cell.state` names it. */
export type CellWords = 'planned' | 'notSent' | 'held' | 'waiting' | 'inLine' | 'sending' | 'making' | 'saving' | 'done' | 'moderated' | 'cancelled' | 'noAnswer' | 'webhook' | 'failed';

/** Which words a cell's state takes under the picture's place. */
export function cellWords(cell: Pick<MatrixCellInfo, 'state'>, status: MatrixStatus): CellWords {
  switch (cell.state) {
    case 'unsent':
      return status === 'cancelled' ? 'notSent' : status === 'paused' ? 'held' : 'waiting';
    case 'queued':
    case 'ready-to-send':
    case 'waiting':
      // handed to the queue, not sent: a pause holds it there
      return status === 'paused' ? 'held' : 'inLine';
    case 'submitting':
      return 'sending';
    case 'running':
      return 'making';
    case 'downloading':
      return 'saving';
    case 'done':
    case 'moderated':
    case 'cancelled':
    case 'webhook':
      return cell.state;
    case 'outcome-unknown':
      return 'noAnswer';
    default:
      return 'failed';
  }
}

/** A cell's state in a word or two, as the sheet shows it under the picture's place. */
export const cellStateText = (cell: Pick<MatrixCellInfo, 'state'>, status: MatrixStatus, text: AppText = ENGLISH_TEXT): string =>
  text.t('explore.cell.state', { state: cellWords(cell, status) });

/** What a cell says of its price and time: the charge and seconds once done, the estimate before. */
export function cellPriceText(cell: Pick<MatrixCellInfo, 'state' | 'cost' | 'estimate' | 'seconds'>, text: AppText = ENGLISH_TEXT): string {
  if (cell.cost !== null) {
    const price = text.credits(cell.cost);
    return cell.seconds !== null ? [price, text.t('explore.cell.seconds', { seconds: text.number(cell.seconds) })].join(' · ') : price;
  }
  if (cell.estimate !== null) return text.t('explore.cell.estimate', { price: text.credits(cell.estimate) });
  return text.t('explore.cell.unpriced');
}

export interface SheetProgress {
  readonly done: number;
  /** ended without a picture, for whatever reason (see `endedParts` for the reasons) */
  readonly ended: number;
  readonly left: number;
  readonly spent: number;
}

/** How far a matrix has come: pictures made, ended without one, left, and credits charged so far. */
export function sheetProgress(m: Pick<MatrixInfo, 'cells' | 'status'>): SheetProgress {
  let done = 0;
  let ended = 0;
  let spent = 0;
  for (const c of m.cells) {
    if (c.state === 'done') done++;
    else if (isEnded(c.state)) ended++;
    spent += c.cost ?? 0;
  }
  const left = m.status === 'cancelled' ? m.cells.filter((c) => !isEnded(c.state) && c.state !== 'unsent').length : m.cells.length - done - ended;
  return { done, ended, left, spent };
}

/** The matrix's course in words, for the sheet's heading: whole phrases joined by " · ". */
export function statusText(m: Pick<MatrixInfo, 'cells' | 'status' | 'sent' | 'notSent'>, text: AppText = ENGLISH_TEXT): string {
  const p = sheetProgress(m);
  const course = m.status === 'running' ? 'making' : m.status === 'cancelled' ? 'stopped' : m.status;
  return [
    text.t('explore.status.made', { status: course, done: p.done, total: m.cells.length }),
    ...endedParts(m.cells, text),
    ...(m.status === 'cancelled' && p.left ? [text.t('explore.status.finishing', { count: p.left })] : []),
    ...tallyParts(m.status, m, text),
    ...(p.spent > 0 ? [text.t('explore.status.spent', { credits: text.credits(p.spent) })] : []),
  ].join(' · ');
}
