import { describe, expect, it, vi } from 'vitest';
import type { Words } from '../../../../shared/i18n/words';

type Listener = (payload: { name: string; step: string | null; stepWords?: Words }) => void;
let listener: Listener | undefined;
vi.mock('../../api', () => ({ gen: { assets: { onImporting: (l: Listener) => ((listener = l), () => (listener = undefined)) } } }));

const { useImportProgress } = await import('./importProgress');

describe('large pictures being opened', () => {
  it('shows main’s latest words for each until main says it is done', () => {
    const off = useImportProgress.getState().follow();
    listener!({ name: 'a.png', step: 'Opening “a.png”: step 1 of 2…' });
    listener!({ name: 'b.png', step: 'Opening “b.png”: step 1 of 1…' });
    const words: Words = { id: 'pictures.importing.transparency', values: { name: 'a.png', width: '4800', height: '4000' } };
    listener!({ name: 'a.png', step: 'Opening “a.png”: step 2 of 2…', stepWords: words });
    expect(useImportProgress.getState().steps).toEqual({ 'a.png': { message: 'Opening “a.png”: step 2 of 2…', words }, 'b.png': { message: 'Opening “b.png”: step 1 of 1…' } });
    listener!({ name: 'a.png', step: null });
    expect(useImportProgress.getState().steps).toEqual({ 'b.png': { message: 'Opening “b.png”: step 1 of 1…' } });
    off();
    expect(listener).toBeUndefined();
  });
});
