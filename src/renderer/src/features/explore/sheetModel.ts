import type { MatrixCellInfo, MatrixInfo, MatrixStatus } from '../../../../shared/ipc/contract';
import { isEnded } from '../../../../shared/tasks/taskStates';
import { creditsText, numberText } from '../../text/taskText';
import { endedText } from '../runs/endedText';
import { tallyText } from '../runs/tallyText';

/** A cell's state in a word or two, as the sheet shows it under the picture's place. */
export function cellStateText(cell: Pick<MatrixCellInfo, 'state'>, status: MatrixStatus): string {
  switch (cell.state) {
    case 'unsent':
      return status === 'cancelled' ? 'Not sent' : status === 'paused' ? 'Held' : 'Waiting';
    case 'queued':
    case 'ready-to-send':
    case 'waiting':
      // handed to the queue, not sent: a pause holds it there
      return status === 'paused' ? 'Held' : 'In line';
    case 'submitting':
      return 'Sending';
    case 'running':
      return 'Making';
    case 'downloading':
      return 'Saving';
    case 'done':
      return 'Done';
    case 'moderated':
      return 'Held back by the safety filter';
    case 'cancelled':
      return 'Cancelled';
    case 'outcome-unknown':
      return 'No answer';
    case 'webhook':
      return 'Sent to webhook';
    default:
      return 'Failed';
  }
}

/** What a cell says of its price and time: the charge and seconds once done, the estimate before. */
export function cellPriceText(cell: Pick<MatrixCellInfo, 'state' | 'cost' | 'estimate' | 'seconds'>): string {
  if (cell.cost !== null) {
    const price = creditsText(cell.cost)!;
    return cell.seconds !== null ? `${price} · ${numberText(cell.seconds)} s` : price;
  }
  if (cell.estimate !== null) return `≈ ${creditsText(cell.estimate)!}`;
  return 'price not known yet';
}

export interface SheetProgress {
  readonly done: number;
  /** ended without a picture, for whatever reason (see `endedText` for the reasons) */
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

/** The matrix's course in words, for the sheet's heading. */
export function statusText(m: Pick<MatrixInfo, 'cells' | 'status' | 'sent' | 'notSent'>): string {
  const p = sheetProgress(m);
  const ended = endedText(m.cells);
  const made = `${p.done} of ${m.cells.length} made${ended ? `, ${ended}` : ''}`;
  const spent = ` · ${tallyText(m.status, m)}${p.spent > 0 ? ` · ${creditsText(p.spent)!} spent` : ''}`;
  switch (m.status) {
    case 'paused':
      return `Paused: ${made}${spent}`;
    case 'cancelled':
      return `Stopped: ${made}${p.left ? `, ${p.left} still finishing` : ''}${spent}`;
    case 'finished':
      return `Finished: ${made}${spent}`;
    default:
      return `Making: ${made}${spent}`;
  }
}
