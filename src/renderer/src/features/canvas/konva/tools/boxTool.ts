import { documentUse } from '../../../../../../shared/canvas/request';
import { newBoxId, selectEndpoint } from '../../canvasStore';
import { layerRefusal } from '../../layers';
import type { Point } from '../../mask/maskBuffer';
import { rectFromCorners, type PixelRect } from '../../mask/rect';
import type { CanvasStore } from '../../canvasStore';
import { anchorAt, boxAt, resized, type Anchor } from '../handles';
import type { CanvasTool, ToolContext } from './types';

/** Whether the boxes are on the canvas to be pointed at (the endpoint uses them and their layer is shown). */
function boxesShown(store: CanvasStore): boolean {
  const s = store.getState();
  return s.document.layers.boxes.visible && documentUse(selectEndpoint(s), s.document).boxes;
}

/**
 * Pointing at boxes with the box or move tool: a press on the selected box's anchor resizes it, a press on a box
 * selects it and drags it. Each drag is one undo step; the box follows the pointer through the store. Takes no
 * gesture that starts off every box (the tool behind it does: drawing a box, moving the picture, panning).
 */
export function boxEditTool({ store }: ToolContext): CanvasTool {
  let drag: { id: string; from: Point; start: PixelRect; anchor: Anchor | null } | null = null;
  return {
    down: (e) => {
      const s = store.getState();
      if (!boxesShown(store)) return false;
      const editable = !s.document.layers.boxes.locked;
      const selected = s.document.boxes.find((b) => b.id === s.selectedBoxId);
      const anchor = selected && editable ? anchorAt(selected, e.point, s.view.scale) : null;
      const box = anchor ? selected! : boxAt(s.document.boxes, e.point);
      if (!box) return false;
      s.selectBox(box.id);
      if (!editable) return true;
      s.beginGesture();
      drag = { id: box.id, from: e.point, start: { x: box.x, y: box.y, width: box.width, height: box.height }, anchor };
      return true;
    },
    move: (e) => {
      if (!drag) return;
      const { id, start, anchor } = drag;
      const dx = e.point.x - drag.from.x;
      const dy = e.point.y - drag.from.y;
      const next = anchor ? resized(start, anchor, dx, dy) : { x: Math.round(start.x + dx), y: Math.round(start.y + dy) };
      store.getState().changeLayer('boxes', anchor ? 'Resize box' : 'Move box', (d) => ({ ...d, boxes: d.boxes.map((b) => (b.id === id ? { ...b, ...next } : b)) }), true);
    },
    up: () => {
      if (drag) store.getState().endGesture(drag.anchor ? 'Resize box' : 'Move box');
      drag = null;
    },
    cancel: () => {
      if (drag) store.getState().cancelGesture();
      drag = null;
    },
  };
}

/** Draws a bounding box on the picture with a dashed preview; one undo step on release. */
export function boxTool({ store, guides }: ToolContext): CanvasTool {
  let start: Point | null = null;
  let last: Point | null = null;
  const rect = () => rectFromCorners(Math.round(start!.x), Math.round(start!.y), Math.round(last!.x), Math.round(last!.y));
  return {
    down: (e) => {
      const s = store.getState();
      if (!s.document.base) return false;
      const refusal = layerRefusal(s.document, 'boxes', true);
      if (refusal) {
        s.say({ kind: 'info', text: refusal });
        return false;
      }
      s.selectBox(null);
      start = last = e.point;
      return true;
    },
    move: (e) => {
      if (!start) return;
      last = e.point;
      guides.rectangle(rect());
    },
    up: () => {
      guides.hidePreview();
      if (!start || !last) return;
      const r = rect();
      start = last = null;
      if (r.width < 2 || r.height < 2) return;
      const id = newBoxId();
      const s = store.getState();
      if (s.changeLayer('boxes', 'Add box', (d) => ({ ...d, boxes: [...d.boxes, { id, label: `box ${d.boxes.length + 1}`, ...r }] }))) s.selectBox(id);
    },
    cancel: () => {
      start = last = null;
      guides.hidePreview();
    },
  };
}
