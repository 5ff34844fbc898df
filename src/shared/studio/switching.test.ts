import { describe, expect, it } from 'vitest';
import { emptyDocument, type CanvasDocument } from '../canvas/document';
import { getEndpoint } from '../catalog/catalog';
import { promptOf, switchDocument, unusedBy } from './switching';

const id = (n: number) => n.toString(16).padStart(64, '0');
const ref = (n: number) => ({ assetId: id(n), name: `r${n}.png`, width: 100, height: 80 });
const doc = (over: Partial<CanvasDocument> = {}): CanvasDocument => ({ ...emptyDocument('gen-pro-1.0-fill'), intent: 'inpaint', base: ref(1), ...over });

describe('switching model', () => {
  it('keeps the prompt, the picture, the mask state and the references', () => {
    const d = doc({ formValues: { 'gen-pro-1.0-fill': { prompt: 'a red hat', steps: 30 } }, references: [ref(2)] });
    const next = switchDocument(d, getEndpoint('gen-3-image'), 'edit', promptOf(getEndpoint('gen-pro-1.0-fill'), d));
    expect(next).toMatchObject({ endpointId: 'gen-3-image', intent: 'edit', base: d.base, references: d.references, mask: d.mask });
    expect(next.formValues['gen-3-image']).toEqual({ prompt: 'a red hat' });
    expect(next.formValues['gen-pro-1.0-fill']).toEqual({ prompt: 'a red hat', steps: 30 });
  });

  it('says what the new model will not use', () => {
    const d = doc({ references: [ref(2), ref(3)], boxes: [{ id: 'b', label: 'cat', x: 0, y: 0, width: 5, height: 5 }] });
    const refs = (taken: number) => ({ thing: 'references', count: 2, taken });
    const box = { thing: 'boxes', count: 1 };
    expect(unusedBy(getEndpoint('erase-v1'), { ...d, intent: 'clean-up' }, { maskPainted: true, prompt: 'a hat' })).toEqual([{ thing: 'prompt' }, refs(0), box]);
    expect(unusedBy(getEndpoint('gen-dev'), { ...d, intent: 'create' }, { maskPainted: true, prompt: 'a hat' })).toEqual([{ thing: 'picture' }, { thing: 'mask' }, refs(0), box]);
    expect(unusedBy(getEndpoint('vto-v2'), { ...d, intent: 'try-on' }, { maskPainted: false, prompt: '' })).toEqual([refs(1), box]);
  });
});
