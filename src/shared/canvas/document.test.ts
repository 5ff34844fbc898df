import { describe, expect, it } from 'vitest';
import { documentAssetIds, documentBlobNames, emptyDocument, parseDocument } from './document';

const ASSET = 'a'.repeat(64);

describe('the canvas document', () => {
  it('starts empty and valid, with every layer shown and unlocked', () => {
    const doc = emptyDocument('gen-pro-1.0-fill');
    expect(parseDocument(doc).success).toBe(true);
    expect(Object.values(doc.layers).every((l) => l.visible && !l.locked)).toBe(true);
    expect(documentBlobNames(doc)).toEqual([]);
  });

  it('names its mask blob and its assets, base first, once each', () => {
    const doc = emptyDocument('gen-2-flex');
    const image = { assetId: ASSET, name: 'a.png', width: 10, height: 10 };
    const withRefs = { ...doc, base: image, references: [image, { ...image, assetId: 'b'.repeat(64) }], mask: { ...doc.mask, blob: 'mask-1.png' } };
    expect(documentBlobNames(withRefs)).toEqual(['mask-1.png']);
    expect(documentAssetIds(withRefs)).toEqual([ASSET, 'b'.repeat(64)]);
  });

  it('refuses blob names that could leave the project folder', () => {
    const doc = emptyDocument('gen-pro-1.0-fill');
    for (const blob of ['../settings.json', 'a/b.png', '.hidden', '']) {
      expect(parseDocument({ ...doc, mask: { ...doc.mask, blob } }).success, blob).toBe(false);
    }
  });
});
