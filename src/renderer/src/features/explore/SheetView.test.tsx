// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { planMatrix, type MatrixSpec } from '../../../../shared/explore/matrix';
import { loadMessages } from '../../../../shared/i18n/catalog';
import { createText, ENGLISH_TEXT } from '../../../../shared/i18n/text';
import type { MatrixInfo } from '../../../../shared/ipc/contract';
import type { ExploreNote } from './SheetView';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The contact sheet written, as main answers Export: its file name stays as it is in every language.
vi.mock('../../api', () => ({ gen: { explore: { export: async () => ({ ok: true, value: { saved: true, fileName: 'füchse.png' } }) } } }));

const { SheetView } = await import('./SheetView');
const german = createText('de', await loadMessages('de'));

const spec: MatrixSpec = { prompt: 'a fox', models: ['gen-dev'], seeds: 1, firstSeed: 7, size: null, sweep: null };
const plan = planMatrix(spec);
const matrix = { id: 'm1', name: 'Foxes', projectId: null, spec, status: 'done', createdAt: 0, cells: [], sent: 1, notSent: 0 } as unknown as MatrixInfo;

describe('Explore’s note is a saying, said in the language on screen each time it shows', () => {
  it('the exported sheet’s note reads in English, and in German once German is chosen, the file name as it is', async () => {
    if (!plan.ok) throw new Error('the plan is refused');
    const notes: ExploreNote[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() => root.render(<SheetView matrix={matrix} plan={plan.plan} onNote={(n) => notes.push(n)} onNew={() => undefined} />));
    const exportButton = [...container.querySelectorAll('button')].find((b) => b.textContent === ENGLISH_TEXT.t('explore.export'))!;
    await act(async () => exportButton.click());
    expect(notes).toHaveLength(1);
    expect(notes[0]!.text(ENGLISH_TEXT)).toBe(ENGLISH_TEXT.t('explore.exported', { fileName: 'füchse.png' }));
    expect(notes[0]!.text(german)).toBe(german.t('explore.exported', { fileName: 'füchse.png' }));
    act(() => root.unmount());
  });
});
