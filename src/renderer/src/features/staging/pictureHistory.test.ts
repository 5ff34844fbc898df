// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDocument, type ImageRef } from '../../../../shared/canvas/document';
import { DEFAULT_CANVAS_ENDPOINT, historySize, useCanvasStore } from '../canvas/canvasStore';
import { createMask } from '../canvas/mask/maskBuffer';
import { decideResult, restoreVersion } from './pictureHistory';
import { entryOf, isDecided } from './stripModel';
import { listedVersions } from './versions';
import type { TaskInfo } from '../../../../shared/ipc/contract';

const image = (c: string, width = 40, height = 30): ImageRef => ({ assetId: c.repeat(64), name: `${c}.png`, width, height });
const A = image('a');
const B = image('b', 80, 60);
const store = () => useCanvasStore.getState();
const listed = () => listedVersions(store().document).map((v) => v.image.assetId);

beforeEach(() => {
  store().load({ ...emptyDocument(DEFAULT_CANVAS_ENDPOINT), base: A, versions: [{ image: B, replacedAt: 1, replacedBy: null }] }, createMask(A.width, A.height));
});

describe('versions and decisions in the canvas history', () => {
  it('restores a version as one undo step, of another size too, and neither side loses a version', () => {
    const steps = historySize().entries;
    expect(restoreVersion(listedVersions(store().document)[0]!)).toBe(true);
    expect(store().document.base).toEqual(B);
    expect(store().mask).toMatchObject({ width: 80, height: 60 });
    expect(listed()).toEqual([A.assetId]);
    expect(historySize().entries).toBe(steps + 1);

    store().undo();
    expect(store().document.base).toEqual(A);
    expect(store().mask).toMatchObject({ width: 40, height: 30 });
    expect(listed()).toEqual([B.assetId]);
    store().redo();
    expect(store().document.base).toEqual(B);
    expect(listed()).toEqual([A.assetId]);
  });

  it('refuses to replace a locked picture, and changes nothing', () => {
    store().setLayer('base', { locked: true });
    const before = store().document;
    expect(restoreVersion(listedVersions(before)[0]!)).toBe(false);
    expect(store().document).toBe(before);
  });

  it('remembers a discard in the document as an undoable step', () => {
    const task = { id: 't1', endpointId: 'gen-pro-1.0-fill', state: 'done', resultId: 'r1', params: {}, moderationReasons: [], progress: 1, keyId: 'k1', error: null, detail: null, serviceStatus: 'Ready', cost: 1, settledCost: null } as unknown as TaskInfo;
    decideResult(entryOf(task), 'discarded');
    expect(store().document.resultDecisions?.t1?.decision).toBe('discarded');
    expect(isDecided(store().document, 't1')).toBe(true);
    store().undo();
    expect(isDecided(store().document, 't1')).toBe(false);
  });
});
