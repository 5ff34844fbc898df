import { clampOutpaint } from '../../../../../../shared/canvas/outpaintFrame';
import { documentUse } from '../../../../../../shared/canvas/request';
import { selectEndpoint } from '../../canvasStore';
import type { Point } from '../../mask/maskBuffer';
import { frameHandleAt, frameHandleCentres, type Side } from '../handles';
import type { CanvasTool, ToolContext } from './types';

/**
 * Drags a side of the frame (expansion margins, or the outpainting frame) by its handle, whatever tool is in
 * hand: the handle's centre follows the pointer along its own axis and the value it stands for goes to the store
 * as one undo step. Takes no gesture that does not start on a handle.
 */
export function frameTool({ store }: ToolContext): CanvasTool {
  let drag: { side: Side; grab: Point } | null = null;
  const usesNow = () => {
    const s = store.getState();
    return documentUse(selectEndpoint(s), s.document);
  };
  return {
    down: (e) => {
      const s = store.getState();
      const use = usesNow();
      const side = frameHandleAt(s.document, use, e.point, s.view.scale);
      const centre = side ? frameHandleCentres(s.document, use)?.[side] : undefined;
      if (!side || !centre) return false;
      s.beginGesture();
      // The view stays where the artist is dragging: a fitted view would fit the grown frame again at the next
      // change of the window's layout, and the next handle would no longer be under the pointer.
      if (s.fitted) s.setView(s.view);
      // Where on the handle it was taken: the handle keeps that much off the pointer.
      drag = { side, grab: { x: centre.x - e.point.x, y: centre.y - e.point.y } };
      return true;
    },
    move: (e) => {
      if (!drag) return;
      const { side } = drag;
      const cx = e.point.x + drag.grab.x;
      const cy = e.point.y + drag.grab.y;
      const use = usesNow();
      const s = store.getState();
      if (use.outpaint && s.document.outpaint) {
        s.changeLayer('expansion', 'Move outpaint frame', (d) => {
          if (!d.outpaint || !d.base) return d;
          const o = d.outpaint;
          // The far edge stays put: a left or top handle moves the picture's offset and the size by the same amount.
          const offsetX = Math.max(0, Math.round(-cx));
          const offsetY = Math.max(0, Math.round(-cy));
          const patch =
            side === 'right' ? { width: Math.round(cx + o.offsetX) }
            : side === 'bottom' ? { height: Math.round(cy + o.offsetY) }
            : side === 'left' ? { offsetX, width: o.width + (offsetX - o.offsetX) }
            : { offsetY, height: o.height + (offsetY - o.offsetY) };
          return { ...d, outpaint: clampOutpaint({ ...o, ...patch }, d.base, selectEndpoint({ document: d })) };
        }, true);
      } else if (s.document.base) {
        const { width: w, height: h } = s.document.base;
        const value = side === 'right' ? cx - w : side === 'left' ? -cx : side === 'bottom' ? cy - h : -cy;
        const margin = Math.max(0, Math.min(use.expandMax, Math.round(value)));
        s.changeLayer('expansion', `Set ${side} margin`, (d) => ({ ...d, expansion: { ...d.expansion, [side]: margin } }), true);
      }
    },
    up: () => {
      if (drag) store.getState().endGesture(`Drag ${drag.side} margin`);
      drag = null;
    },
    cancel: () => {
      if (drag) store.getState().cancelGesture();
      drag = null;
    },
  };
}
