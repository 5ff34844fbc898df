import { describe, expect, it } from 'vitest';
import type { MatrixCellInfo } from '../../../../shared/ipc/contract';
import { loadMessages } from '../../../../shared/i18n/catalog';
import { createText } from '../../../../shared/i18n/text';
import { cellPriceText, cellStateText, sheetProgress, statusText } from './sheetModel';

const cell = (patch: Partial<MatrixCellInfo>): MatrixCellInfo => ({
  index: 0,
  state: 'unsent',
  taskId: null,
  estimate: 0.75,
  cost: null,
  seconds: null,
  resultId: null,
  thumbUrl: null,
  problem: null,
  ...patch,
});

describe('the contact sheet in words', () => {
  it('says each cell’s price: the estimate before, the charge and time once made', () => {
    expect(cellPriceText(cell({}))).toBe('≈ 0.75 credits');
    expect(cellPriceText(cell({ estimate: null }))).toBe('price not known yet');
    expect(cellPriceText(cell({ state: 'done', cost: 1, seconds: 3.25 }))).toBe('1 credit · 3.25 s');
  });

  it('says where a cell stands, held while the matrix is paused, not sent once it is stopped', () => {
    expect(cellStateText(cell({}), 'running')).toBe('Waiting');
    expect(cellStateText(cell({}), 'paused')).toBe('Held');
    expect(cellStateText(cell({}), 'cancelled')).toBe('Not sent');
    expect(cellStateText(cell({ state: 'queued' }), 'running')).toBe('In line');
    expect(cellStateText(cell({ state: 'queued' }), 'paused')).toBe('Held');
    expect(cellStateText(cell({ state: 'moderated' }), 'running')).toBe('Held back by the safety filter');
  });

  it('counts made, failed and left, and what was spent', () => {
    const cells = [cell({ state: 'done', cost: 1 }), cell({ state: 'moderated' }), cell({ state: 'running' }), cell({})];
    expect(sheetProgress({ cells, status: 'running' })).toEqual({ done: 1, ended: 1, left: 2, spent: 1 });
    expect(statusText({ cells, status: 'paused', sent: 3, notSent: 1 })).toBe('Paused: 1 of 4 made · 1 held back by the safety filter · 3 sent · 1 held · 1 credit spent');
    // Stopped: the unsent cell will never come; the running one still finishes.
    expect(statusText({ cells, status: 'cancelled', sent: 3, notSent: 1 })).toBe('Stopped: 1 of 4 made · 1 held back by the safety filter · 1 still finishing · 3 sent · 1 not sent · 1 credit spent');
  });

  it('counts cells that ended without a picture by what happened: cancelled and held back are not failures', () => {
    const cells = [cell({ state: 'done' }), ...[1, 2, 3].map(() => cell({ state: 'cancelled' })), cell({ state: 'moderated' }), cell({ state: 'failed' })];
    expect(statusText({ cells, status: 'finished', sent: 6, notSent: 0 })).toBe('Finished: 1 of 6 made · 3 cancelled · 1 held back by the safety filter · 1 failed · 6 sent');
  });

  it('speaks the language on screen, each count in its own plural: the heading, a cell’s state and its price', async () => {
    const de = createText('de', await loadMessages('de'));
    const cells = [cell({ state: 'done', cost: 1, seconds: 2.5 }), ...[1, 2].map(() => cell({ state: 'cancelled' })), cell({ state: 'moderated' })];
    expect(statusText({ cells, status: 'finished', sent: 4, notSent: 0 }, de)).toBe('Abgeschlossen: 1 von 4 erstellt · 2 abgebrochen · 1 vom Sicherheitsfilter zurückgehalten · 4 gesendet · 1 Credit ausgegeben');
    expect(cellStateText(cell({}), 'paused', de)).toBe('Angehalten');
    expect(cellPriceText(cells[0]!, de)).toBe('1 Credit · 2,5 s');
    const ja = createText('ja', await loadMessages('ja'));
    expect(statusText({ cells, status: 'paused', sent: 1, notSent: 3 }, ja)).toBe('一時停止中：4 枚中 1 枚完成 · 2 枚キャンセル · 1 枚は安全フィルターで保留 · 1 枚送信済み · 3 枚保留中 · 1 クレジットを使用');
  });
});
