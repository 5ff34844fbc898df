// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchInfo, BatchItemInfo } from '../../../../shared/ipc/contract';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const batches = vi.hoisted(() => ({ list: [] as unknown[], retried: [] as unknown[] }));
vi.mock('../../api', () => ({
  gen: {
    batch: {
      list: async () => ({ ok: true, value: batches.list }),
      onChanged: () => () => undefined,
      quote: () => new Promise(() => undefined),
      retry: async (ask: unknown) => (batches.retried.push(ask), { ok: true, value: null }),
    },
  },
}));

const { BatchScreen } = await import('./BatchScreen');
const { batchDraft, resetBatchDraft } = await import('./batchDraftStore');
const { useTextStore } = await import('../../ui/i18n/textStore');

const item = (patch: Partial<BatchItemInfo>): BatchItemInfo => ({
  index: 0, source: 'IMG_1.png', format: null, outputName: 'IMG_1-deblurred', state: 'done', estimate: 1, cost: 1,
  problem: null, resultId: null, retries: 0, retryWarning: null, renamedFrom: null, ...patch,
});
const batch = (items: BatchItemInfo[]): BatchInfo => ({
  id: 'b1', name: 'Sharpen (deblur) · 2 pictures', pictures: 2, tool: 'deblur', endpointId: 'gen-deblur', outputDir: '/out', status: 'finished',
  createdAt: 1, items, done: 1, failed: 1, left: 0, sent: 2, notSent: 0, secondsLeft: 0,
} as BatchInfo);

let root: Root;
let container: HTMLElement;
const show = async () => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<BatchScreen />));
};
const pic = { assetId: 'a1', name: 'IMG_1.png', width: 640, height: 480 };

beforeEach(() => {
  resetBatchDraft();
  batches.list = [];
  batches.retried = [];
});
afterEach(async () => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  await useTextStore.getState().choose('en');
});

describe('the Batch screen says what it needs, and what it did', () => {
  it('asks only for what is missing, and nothing once pictures and the folder are chosen', async () => {
    await show();
    expect(container.querySelector('.batch-empty')?.textContent).toBe('Choose pictures and the folder the results go to. The progress of each picture shows here once the batch runs.');
    act(() => batchDraft.add([pic], []));
    expect(container.querySelector('.batch-empty')?.textContent).toMatch(/^Choose the folder the results go to\. /);
    act(() => batchDraft.setOutputFolder({ handle: 'h1', path: '/out' }));
    expect(container.querySelector('.batch-empty')?.textContent).toBe('The progress of each picture shows here once the batch runs.');
  });

  it('shows no empty summary box once a batch has started (its pictures are done with, the folder stays)', async () => {
    batchDraft.setOutputFolder({ handle: 'h1', path: '/out' });
    batchDraft.add([pic], []);
    batchDraft.started();
    batches.list = [batch([item({})])];
    await show();
    expect(container.querySelector('[aria-label="Batch summary"]')).toBeNull();
  });

  it('says which picture Retry sent again', async () => {
    batches.list = [batch([item({}), item({ index: 1, source: 'IMG_2.png', outputName: 'IMG_2-deblurred', state: 'failed', problem: 'The service was busy.' })])];
    await show();
    const retry = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!;
    await act(async () => retry.click());
    expect(batches.retried).toEqual([{ id: 'b1', index: 1, acceptDoubleCharge: false }]);
    expect(container.querySelector('[aria-label="Sent again"]')?.textContent).toBe('Sent again: IMG_2.png. It is back in the list below, waiting its turn.');
  });

  it('counts a picture the safety filter held back, or one cancelled, as what happened to it, not as failed', async () => {
    batches.list = [
      batch([
        item({}),
        item({ index: 1, source: 'IMG_2.png', outputName: 'IMG_2-deblurred', state: 'moderated', problem: 'Held back.' }),
        item({ index: 2, source: 'IMG_3.png', outputName: 'IMG_3-deblurred', state: 'cancelled' }),
      ]),
    ];
    await show();
    const counts = container.querySelector('[aria-label="Batch counts"]')?.textContent ?? '';
    expect(counts).toMatch(/^1 done · 1 cancelled · 1 held back by the safety filter · 0 left · /);
    expect(counts).not.toContain('failed');
    expect(container.querySelector('[aria-label="IMG_2-deblurred: held back by the safety filter"]')).not.toBeNull();
    // The bar agrees: a third done, a third held back, a third cancelled, and nothing in a failure's colour.
    const bar = container.querySelector('[role="progressbar"]')!;
    expect([...bar.children].map((c) => [c.className, (c as HTMLElement).style.width])).toEqual([
      ['batch-bar-done', `${100 / 3}%`],
      ['batch-bar-held', `${100 / 3}%`],
      ['batch-bar-cancelled', `${100 / 3}%`],
    ]);
  });

  it('speaks the language on screen: the counts in whole phrases, each picture’s state, what is missing and Retry', async () => {
    await useTextStore.getState().choose('de');
    batches.list = [batch([item({}), item({ index: 1, source: 'IMG_2.png', outputName: 'IMG_2-deblurred', state: 'moderated', problem: 'Held back.' })])];
    await show();
    expect(container.querySelector('.batch-counts')?.textContent).toBe('1 fertig · 1 vom Sicherheitsfilter zurückgehalten · 0 übrig · 2 gesendet');
    expect(container.querySelector('[aria-label="IMG_2-deblurred: vom Sicherheitsfilter zurückgehalten"]')).not.toBeNull();
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).toContain('Erneut versuchen');
    expect(container.querySelector('h1')?.textContent).toBe('Stapel');
    // The batch's name too, though main wrote it in English in the record.
    expect(container.querySelector('.batch-head h2')?.textContent).toBe('Schärfen (Unschärfe entfernen) · 2 Bilder');
    // A picture's problem main kept in words is said in German; one held only as text (the service's) stays as sent.
    expect(container.querySelector('.batch-item-problem')?.textContent).toBe('Held back.');
    batches.list = [batch([item({}), item({ index: 1, state: 'cancelled', problem: 'Cancelled before it was sent.', problemWords: { id: 'batch.itemProblem.cancelled' } })])];
    await show();
    expect(container.querySelector('.batch-item-problem')?.textContent).toBe('Abgebrochen, bevor es gesendet wurde.');
  });
});
