import { canvasUse } from '../../../../../../shared/canvas/request';
import { selectEndpoint, type CanvasStore } from '../../canvasStore';
import { layerRefusal } from '../../layers';
import { fillEllipse, fillPolygon, fillRectangle, type Paint, type Point } from '../../mask/maskBuffer';
import { isEmpty, rectFromCorners, type PixelRect } from '../../mask/rect';
import { StrokeBuffer } from '../../mask/strokeBuffer';
import { saying, type Saying } from '../../../../ui/i18n/saying';
import type { CanvasTool, ToolContext } from './types';

/** Why painting cannot start now (said to the user), or null. */
function paintRefusal(store: CanvasStore): Saying | null {
  const s = store.getState();
  const endpoint = selectEndpoint(s);
  const use = canvasUse(endpoint);
  if (!use.maskField && !use.alphaMask) return saying('canvas.mask.noMaskHere', { model: endpoint.title });
  if (!s.mask) return saying('canvas.mask.paintOverPicture');
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
 * Brush and eraser: the stroke is painted into its own buffer (a capsule per segment, so fast strokes leave no
 * gaps) and drawn from it over the mask; the store's mask changes once, when the pointer lifts, as one undo
 * step. Nothing is written to the store while the pointer moves.
 */
export function brushTool({ store, stroke: preview }: ToolContext, mode: Paint): CanvasTool {
  let buffer: StrokeBuffer | null = null;
  let painting = false;
  let last: Point | null = null;
  const paintTo = (to: Point) => {
    if (!buffer) return;
    const changed = buffer.segment(last ?? to, to, store.getState().brush);
    last = to;
    if (!isEmpty(changed)) preview.showStroke(buffer, mode, changed);
  };
  const finish = () => {
    painting = false;
    last = null;
    buffer?.clear();
    preview.endStroke();
  };
  return {
    down: (e) => {
      if (!mayPaint(store)) return false;
      const mask = store.getState().mask!;
      // One buffer, reused from stroke to stroke while the picture keeps its size.
      if (!buffer?.fits(mask)) buffer = new StrokeBuffer(mask.width, mask.height);
      painting = true;
      paintTo(e.point);
      return true;
    },
    move: (e) => {
      if (painting) paintTo(e.point);
    },
    up: () => {
      if (!painting || !buffer) return;
      const stroke = buffer;
      if (!isEmpty(stroke.region)) {
        preview.commitStroke();
        store.getState().editMask(mode === 'erase' ? 'Eraser stroke' : 'Brush stroke', (m, touch) => stroke.commit(m, mode, touch));
      }
      finish();
    },
    cancel: finish,
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
