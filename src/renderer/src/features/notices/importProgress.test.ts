import { describe, expect, it, vi } from 'vitest';

type Listener = (payload: { name: string; step: string | null }) => void;
let listener: Listener | undefined;
vi.mock('../../api', () => ({ gen: { assets: { onImporting: (l: Listener) => ((listener = l), () => (listener = undefined)) } } }));

const { useImportProgress } = await import('./importProgress');

describe('large pictures being opened', () => {
  it('shows main’s latest words for each until main says it is done', () => {
    const off = useImportProgress.getState().follow();
    listener!({ name: 'a.png', step: 'Opening “a.png”: step 1 of 2…' });
    listener!({ name: 'b.png', step: 'Opening “b.png”: step 1 of 1…' });
    listener!({ name: 'a.png', step: 'Opening “a.png”: step 2 of 2…' });
    expect(useImportProgress.getState().steps).toEqual({ 'a.png': 'Opening “a.png”: step 2 of 2…', 'b.png': 'Opening “b.png”: step 1 of 1…' });
    listener!({ name: 'a.png', step: null });
    expect(useImportProgress.getState().steps).toEqual({ 'b.png': 'Opening “b.png”: step 1 of 1…' });
    off();
    expect(listener).toBeUndefined();
  });
});
