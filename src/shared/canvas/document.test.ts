import { describe, expect, it } from 'vitest';
import { CANVAS_DOCUMENT_VERSION, documentAssetIds, documentBlobNames, emptyDocument, parseDocument, StoredDocumentSchema } from './document';

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

  it('reads a version-1 file (saved before the timeline) as the current version with an empty timeline', () => {
    const { timeline: _timeline, ...current } = emptyDocument('gen-pro-1.0-fill');
    const v1 = { ...current, version: 1, references: [{ assetId: ASSET, name: 'r.png', width: 4, height: 4 }] };
    const parsed = parseDocument(v1);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.version).toBe(CANVAS_DOCUMENT_VERSION);
    expect(parsed.data?.timeline).toEqual({ keyframes: [], source: null });
    expect(StoredDocumentSchema.parse(v1).references).toHaveLength(1);
    expect(parseDocument({ ...v1, version: 99 }).success).toBe(false);
  });

  it('names the keyframe images and the source video among its assets', () => {
    const doc = emptyDocument('gen-3-video');
    const kf = { id: 'k1', image: { assetId: 'c'.repeat(64), name: 'c.png', width: 8, height: 8 }, frame: 24 };
    const source = { assetId: 'd'.repeat(64), name: 'clip.mp4', seconds: 4, resultId: null };
    expect(documentAssetIds({ ...doc, timeline: { keyframes: [kf], source } })).toEqual(['c'.repeat(64), 'd'.repeat(64)]);
  });

  it('refuses keyframes off the frame grid', () => {
    const doc = emptyDocument('gen-3-video');
    const kf = { id: 'k1', image: { assetId: 'c'.repeat(64), name: 'c.png', width: 8, height: 8 }, frame: 2.5 };
    expect(parseDocument({ ...doc, timeline: { keyframes: [kf], source: null } }).success).toBe(false);
  });
});
