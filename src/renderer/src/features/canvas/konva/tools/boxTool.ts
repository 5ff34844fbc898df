import { newBoxId } from '../../canvasStore';
import { layerRefusal } from '../../layers';
import type { Point } from '../../mask/maskBuffer';
import { rectFromCorners } from '../../mask/rect';
import type { CanvasTool, ToolContext } from './types';

/** Draws a bounding box on the picture; a press on an existing box is the box's own (select, move). */
export function boxTool({ store, guides }: ToolContext): CanvasTool {
  let start: Point | null = null;
  let last: Point | null = null;
  const rect = () => rectFromCorners(Math.round(start!.x), Math.round(start!.y), Math.round(last!.x), Math.round(last!.y));
  return {
    down: (e) => {
      const s = store.getState();
      if (!e.onStage || !s.document.base) return false;
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
