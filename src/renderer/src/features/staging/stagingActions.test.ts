// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDocument, type ImageRef } from '../../../../shared/canvas/document';
import type { AssetInfo, TaskInfo } from '../../../../shared/ipc/contract';
import { DEFAULT_CANVAS_ENDPOINT, historySize, useCanvasStore } from '../canvas/canvasStore';
import { createMask } from '../canvas/mask/maskBuffer';
import { acceptResult } from './stagingActions';
import { useStagingStore } from './stagingStore';
import { entryOf, isDecided } from './stripModel';
import { loadMessages } from '../../../../shared/i18n/catalog';
import { createText } from '../../../../shared/i18n/text';
import { currentText, useTextStore } from '../../ui/i18n/textStore';

const german = createText('de', await loadMessages('de'));

const asset = (c: string, width: number, height: number): AssetInfo => ({
  id: c.repeat(64),
  name: `${c}.png`,
  mime: 'image/png',
  bytes: 100,
  width,
  height,
  hasAlpha: false,
  url: `gen-asset://${c}`,
}) as AssetInfo;

// The library's copy of the result and the result kept inside its mask, as main and the compositor would give them.
const RESULT = asset('r', 64, 48);
const INSIDE_MASK = asset('c', 40, 30);
vi.mock('./resultAssets', () => ({
  resultAsset: vi.fn(async () => RESULT),
  compositeAsset: vi.fn(async () => INSIDE_MASK),
}));

const ORIGINAL: ImageRef = { assetId: 'a'.repeat(64), name: 'a.png', width: 40, height: 30 };
const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const store = () => useCanvasStore.getState();
const task = (endpointId: string) =>
  ({ id: 't1', endpointId, state: 'done', resultId: 'res-1', params: {}, moderationReasons: [], progress: 1, keyId: 'k1', error: null, detail: null, serviceStatus: 'Ready', cost: 1, settledCost: null }) as unknown as TaskInfo;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useStagingStore.setState({ keepOutsideMask: false, selectedId: 't1', message: null, busy: false });
  store().load({ ...emptyDocument(DEFAULT_CANVAS_ENDPOINT), base: ORIGINAL }, createMask(ORIGINAL.width, ORIGINAL.height));
});
afterEach(async () => {
  vi.useRealTimers();
  await useTextStore.getState().choose('en');
});

describe('Accept', () => {
  it('makes the result the picture in one undo step and records the decision with the picture it became', async () => {
    const steps = historySize().entries;
    expect(await acceptResult(entryOf(task('gen-pro-1.0-fill')))).toBe(true);
    const { document } = store();
    expect(document.base).toEqual({ assetId: RESULT.id, name: RESULT.name, width: 64, height: 48 });
    expect(document.resultDecisions?.t1).toEqual({ decision: 'accepted', at: NOW, assetId: RESULT.id });
    expect(document.versions?.map((v) => [v.image.assetId, v.replacedBy])).toEqual([[ORIGINAL.assetId, 't1']]);
    expect(isDecided(document, 't1')).toBe(true);
    expect(historySize().entries).toBe(steps + 1);
    expect(useStagingStore.getState()).toMatchObject({ selectedId: null, busy: false, message: { kind: 'info' } });

    // Undo takes the picture back and with it the decision's effect: the result is in the strip again.
    store().undo();
    expect(store().document.base).toEqual(ORIGINAL);
    expect(isDecided(store().document, 't1')).toBe(false);
    store().redo();
    expect(store().document.base?.assetId).toBe(RESULT.id);
    expect(isDecided(store().document, 't1')).toBe(true);
  });

  it('accepts the result kept inside its mask when the artist asked, and records that picture', async () => {
    useStagingStore.setState({ keepOutsideMask: true });
    expect(await acceptResult(entryOf(task('gen-pro-1.0-fill')))).toBe(true);
    expect(store().document.base?.assetId).toBe(INSIDE_MASK.id);
    expect(store().document.resultDecisions?.t1).toEqual({ decision: 'accepted', at: NOW, assetId: INSIDE_MASK.id });
  });

  it('records nothing and says why when the picture is locked', async () => {
    store().setLayer('base', { locked: true });
    const before = store().document;
    expect(await acceptResult(entryOf(task('gen-pro-1.0-fill')))).toBe(false);
    expect(store().document.base).toEqual(ORIGINAL);
    expect(store().document.resultDecisions?.t1).toBeUndefined();
    expect(isDecided(store().document, 't1')).toBe(false);
    expect(store().document.layers).toEqual(before.layers);
    expect(useStagingStore.getState()).toMatchObject({ selectedId: 't1', message: { kind: 'error' } });
  });
});

describe('the strip’s note follows a switch of language while it shows', () => {
  it('a locked picture’s refusal, made in English, reads in German once German is chosen', async () => {
    store().setLayer('base', { locked: true });
    await acceptResult(entryOf(task('gen-pro-1.0-fill')));
    const said = () => useStagingStore.getState().message!.text(currentText());
    expect(said()).toMatch(/Picture layer is locked/);
    await useTextStore.getState().choose('de');
    expect(said()).toBe(german.t('canvas.layer.locked', { layer: 'base' }));
  });

  it('Accept’s note, said again in German', async () => {
    await acceptResult(entryOf(task('gen-pro-1.0-fill')));
    await useTextStore.getState().choose('de');
    expect(useStagingStore.getState().message!.text(currentText())).toBe(german.t('strip.accepted'));
  });
});
