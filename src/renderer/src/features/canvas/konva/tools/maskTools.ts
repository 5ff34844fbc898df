import { canvasUse } from '../../../../../../shared/canvas/request';
import { selectEndpoint, type CanvasStore } from '../../canvasStore';
import { layerRefusal } from '../../layers';
import { fillEllipse, fillPolygon, fillRectangle, strokeSegment, type Paint, type Point } from '../../mask/maskBuffer';
import { rectFromCorners, type PixelRect } from '../../mask/rect';
import type { CanvasTool, ToolContext } from './types';

/** Why painting cannot start now (said to the user), or null. */
export function paintRefusal(store: CanvasStore): string | null {
  const s = store.getState();
  const endpoint = selectEndpoint(s);
  const use = canvasUse(endpoint);
  if (!use.maskField && !use.alphaMask) return `${endpoint.title} takes no mask. Choose Inpaint, or Clean up and Erase, to paint one.`;
  if (!s.mask) return 'Open a picture first: the mask is painted over it.';
  return layerRefusal(s.document, 'mask', true);
}

/** Starts a mask gesture, or says why it cannot. */
function mayPaint(store: CanvasStore): boolean {
  const refusal = paintRefusal(store);
  if (refusal) store.getState().say({ kind: 'info', text: refusal });
  return refusal === null;
}

const cornersOf = (a: Point, b: Point): PixelRect => rectFromCorners(Math.round(a.x), Math.round(a.y), Math.round(b.x), Math.round(b.y));

/**
 * Brush and eraser: each segment paints at once (a capsule, so fast strokes leave no gaps) and the whole
 * stroke becomes one undo step when the pointer lifts.
 */
export function brushTool({ store }: ToolContext, mode: Paint): CanvasTool {
  let last: Point | null = null;
  const paintTo = (to: Point) => {
    const from = last ?? to;
    const s = store.getState();
    s.strokeEdit((m, touch) => {
      const r = s.brush.size / 2 + 2;
      touch({ x: Math.floor(Math.min(from.x, to.x) - r), y: Math.floor(Math.min(from.y, to.y) - r), width: Math.ceil(Math.abs(to.x - from.x) + 2 * r), height: Math.ceil(Math.abs(to.y - from.y) + 2 * r) });
      return strokeSegment(m, from, to, s.brush, mode);
    });
    last = to;
  };
  return {
    down: (e) => {
      if (!mayPaint(store)) return false;
      store.getState().beginStroke();
      last = null;
      paintTo(e.point);
      return true;
    },
    move: (e) => paintTo(e.point),
    up: () => {
      last = null;
      store.getState().endStroke(mode === 'erase' ? 'Eraser stroke' : 'Brush stroke');
    },
    cancel: () => {
      last = null;
      store.getState().cancelStroke();
    },
  };
}

/** Rectangle and ellipse: a dashed preview while dragging, filled (or cleared, by the shape mode) on release. */
export function shapeTool({ store, guides }: ToolContext, shape: 'rect' | 'ellipse'): CanvasTool {
  let start: Point | null = null;
  let last: Point | null = null;
  return {
    down: (e) => {
      if (!mayPaint(store)) return false;
      start = last = e.point;
      return true;
    },
    move: (e) => {
      if (!start) return;
      last = e.point;
      const r = cornersOf(start, last);
      if (shape === 'ellipse') guides.ellipse(r);
      else guides.rectangle(r);
    },
    up: () => {
      guides.hidePreview();
      if (!start || !last) return;
      const r = cornersOf(start, last);
      start = last = null;
      if (r.width < 1 || r.height < 1) return;
      const s = store.getState();
      const mode = s.shapeMode;
      s.editMask(`${shape === 'ellipse' ? 'Ellipse' : 'Rectangle'} ${mode}`, (m, touch) => {
        touch(r);
        return shape === 'ellipse' ? fillEllipse(m, r, mode) : fillRectangle(m, r, mode);
      });
    },
    cancel: () => {
      start = last = null;
      guides.hidePreview();
    },
  };
}

/** Lasso: the path follows the pointer; on release the polygon it closes is filled or cleared. */
export function lassoTool({ store, guides }: ToolContext): CanvasTool {
  let points: Point[] = [];
  return {
    down: (e) => {
      if (!mayPaint(store)) return false;
      points = [e.point];
      return true;
    },
    move: (e) => {
      points.push(e.point);
      guides.polygon(points);
    },
    up: () => {
      guides.hidePreview();
      const path = points;
      points = [];
      if (path.length < 3) return;
      const s = store.getState();
      const mode = s.shapeMode;
      s.editMask(`Lasso ${mode}`, (m, touch) => {
        const xs = path.map((q) => q.x);
        const ys = path.map((q) => q.y);
        touch({ x: Math.floor(Math.min(...xs)), y: Math.floor(Math.min(...ys)), width: Math.ceil(Math.max(...xs) - Math.min(...xs)) + 2, height: Math.ceil(Math.max(...ys) - Math.min(...ys)) + 2 });
        return fillPolygon(m, path, mode);
      });
    },
    cancel: () => {
      points = [];
      guides.hidePreview();
    },
  };
}
