import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../../../../../shared/catalog/catalog';
import { emptyDocument, type CanvasDocument } from '../../../../../shared/canvas/document';
import { canvasUse } from '../../../../../shared/canvas/request';
import { FIT_MARGIN, fitView, frameBounds, Pinch, resizeView, showsWhole, unionRect, zoomAt } from './viewport';

const base = { assetId: 'a'.repeat(64), name: 'p.png', width: 1000, height: 500 };
const doc = (endpointId: string, patch: Partial<CanvasDocument> = {}): CanvasDocument => ({ ...emptyDocument(endpointId), base, ...patch });
const use = (id: string) => canvasUse(getEndpoint(id));
/** Where an image point lands on screen. */
const screenOf = (v: { scale: number; x: number; y: number }, x: number, y: number) => ({ x: v.x + x * v.scale, y: v.y + y * v.scale });

describe('frameBounds: what Fit shows', () => {
  it('is the picture with its expansion margins for an expand endpoint', () => {
    const d = doc('gen-pro-1.0-expand', { expansion: { top: 100, bottom: 50, left: 200, right: 0 } });
    expect(frameBounds(d, use('gen-pro-1.0-expand'))).toEqual({ x: -200, y: -100, width: 1200, height: 650 });
  });

  it('is the outpainting frame for the outpainting endpoint', () => {
    const d = doc('outpainting-v1', { outpaint: { width: 2000, height: 1500, offsetX: 300, offsetY: 400 } });
    expect(frameBounds(d, use('outpainting-v1'))).toEqual({ x: -300, y: -400, width: 2000, height: 1500 });
  });

  it('is the picture alone where margins mean nothing, and nothing without a picture', () => {
    const d = doc('gen-pro-1.0-fill', { expansion: { top: 100, bottom: 100, left: 100, right: 100 } });
    expect(frameBounds(d, use('gen-pro-1.0-fill'))).toEqual({ x: 0, y: 0, width: 1000, height: 500 });
    expect(frameBounds({ ...d, base: null }, use('gen-pro-1.0-fill'))).toBeNull();
  });
});

describe('fitView', () => {
  it('fits without a margin and never past 100% when asked (the gallery full view)', () => {
    const small = { x: 0, y: 0, width: 200, height: 100 };
    expect(fitView(small, { width: 800, height: 600 }, { margin: 0, maxScale: 1 })).toEqual({ scale: 1, x: 300, y: 250 });
    expect(fitView({ x: 0, y: 0, width: 1600, height: 600 }, { width: 800, height: 600 }, { margin: 0, maxScale: 1 })).toEqual({ scale: 0.5, x: 0, y: 150 });
  });
  it('shows the whole frame, margins included, centred with a margin', () => {
    const bounds = { x: -200, y: -100, width: 1200, height: 650 };
    const stage = { width: 800, height: 600 };
    const v = fitView(bounds, stage);
    const topLeft = screenOf(v, bounds.x, bounds.y);
    const bottomRight = screenOf(v, bounds.x + bounds.width, bounds.y + bounds.height);
    expect(topLeft.x).toBeGreaterThanOrEqual(FIT_MARGIN - 1);
    expect(topLeft.y).toBeGreaterThanOrEqual(FIT_MARGIN - 1);
    expect(bottomRight.x).toBeLessThanOrEqual(stage.width - FIT_MARGIN + 1);
    expect(bottomRight.y).toBeLessThanOrEqual(stage.height - FIT_MARGIN + 1);
    // The limiting side touches its margin; the frame is centred.
    expect(Math.abs(topLeft.x - (stage.width - bottomRight.x))).toBeLessThanOrEqual(1);
    expect(Math.abs(topLeft.y - (stage.height - bottomRight.y))).toBeLessThanOrEqual(1);
  });
});

describe('resizeView', () => {
  const bounds = { x: 0, y: 0, width: 1000, height: 500 };
  it('fits again when the view was fitted', () => {
    const before = { width: 800, height: 600 };
    const after = { width: 1600, height: 900 };
    expect(resizeView(fitView(bounds, before), true, bounds, before, after)).toEqual(fitView(bounds, after));
  });

  it('keeps the zoom and the point at the centre when the user had zoomed', () => {
    const before = { width: 800, height: 600 };
    const after = { width: 400, height: 300 };
    const v = { scale: 2, x: -300, y: -100 };
    const r = resizeView(v, false, bounds, before, after);
    expect(r.scale).toBe(2);
    const centreBefore = { x: (400 - v.x) / v.scale, y: (300 - v.y) / v.scale };
    expect({ x: (200 - r.x) / r.scale, y: (150 - r.y) / r.scale }).toEqual(centreBefore);
  });
});

describe('zoom and pinch', () => {
  it('zooming keeps the image point under the pointer in place', () => {
    const v = { scale: 0.5, x: 10, y: 20 };
    const at = { x: 300, y: 200 };
    const image = { x: (at.x - v.x) / v.scale, y: (at.y - v.y) / v.scale };
    const z = zoomAt(v, 3, at);
    expect(z.scale).toBe(1.5);
    expect(screenOf(z, image.x, image.y)).toEqual(at);
  });

  it('two fingers spreading zoom around their midpoint and moving together pan', () => {
    const pinch = new Pinch();
    const v = { scale: 1, x: 0, y: 0 };
    expect(pinch.move(1, { x: 100, y: 100 }, v, true)).toBeNull();
    expect(pinch.move(2, { x: 200, y: 100 }, v, true)).toEqual({ view: v, began: true });
    expect(pinch.active).toBe(true);
    const spread = pinch.move(2, { x: 300, y: 100 }, v, false)!;
    expect(spread.view.scale).toBe(2);
    // The image point that was under the first midpoint (150, 100) is under the new one (200, 100).
    expect(screenOf(spread.view, 150, 100)).toEqual({ x: 200, y: 100 });
    expect(pinch.lift(2)).toBe(true);
    expect(pinch.active).toBe(false);
    expect(pinch.lift(1)).toBe(false);
  });
});

describe('a result shown over the picture', () => {
  it('joins the frame for Fit, and is told whole or cut at a view', () => {
    expect(unionRect({ x: 0, y: 0, width: 400, height: 300 }, { x: -1160, y: -618, width: 2720, height: 1536 })).toEqual({ x: -1160, y: -618, width: 2720, height: 1536 });
    expect(unionRect({ x: 0, y: 0, width: 400, height: 300 }, null)).toEqual({ x: 0, y: 0, width: 400, height: 300 });
    const stage = { width: 950, height: 600 };
    expect(showsWhole({ scale: 1.9, x: 95, y: 15 }, { x: -1160, y: -618, width: 2720, height: 1536 }, stage)).toBe(false);
    expect(showsWhole({ scale: 0.3, x: 400, y: 400 }, { x: -1160, y: -618, width: 2720, height: 1536 }, stage)).toBe(false);
    expect(showsWhole({ scale: 0.3, x: 400, y: 200 }, { x: -1160, y: -618, width: 2720, height: 1536 }, stage)).toBe(true);
  });
});
