import { clampOutpaint } from '../../../../../../shared/canvas/outpaintFrame';
import { canvasUse } from '../../../../../../shared/canvas/request';
import { selectEndpoint } from '../../canvasStore';
import { layerRefusal } from '../../layers';
import type { Point } from '../../mask/maskBuffer';
import type { View } from '../../store/types';
import { panBy } from '../viewport';
import type { CanvasTool, ToolContext } from './types';

/** Pan: the view follows the pointer (space + drag, the middle button, or the move tool on empty canvas). */
export function panTool({ store }: ToolContext): CanvasTool {
  let start: { screen: Point; view: View } | null = null;
  return {
    down: (e) => {
      start = { screen: e.screen, view: store.getState().view };
      return true;
    },
    move: (e) => {
      if (start) store.getState().setView(panBy(start.view, e.screen.x - start.screen.x, e.screen.y - start.screen.y));
    },
    up: () => {
      start = null;
    },
    cancel: () => {
      start = null;
    },
  };
}

/**
 * The move tool: on the picture inside an outpainting frame it drags the picture to its offset in the frame
 * (one undo step); elsewhere on the canvas it pans. Boxes and handles under the pointer are taken first (index.ts).
 */
export function moveTool(ctx: ToolContext): CanvasTool {
  const { store } = ctx;
  const pan = panTool(ctx);
  let offset: { start: Point; from: { x: number; y: number } } | null = null;
  let panning = false;
  return {
    down: (e) => {
      const s = store.getState();
      const base = s.document.base;
      const outpaint = s.document.outpaint;
      const p = e.point;
      if (base && outpaint && canvasUse(selectEndpoint(s)).outpaint && p.x >= 0 && p.y >= 0 && p.x < base.width && p.y < base.height) {
        const refusal = layerRefusal(s.document, 'expansion', true);
        if (refusal) {
          s.say({ kind: 'info', text: refusal });
          return false;
        }
        s.beginGesture();
        offset = { start: p, from: { x: outpaint.offsetX, y: outpaint.offsetY } };
        return true;
      }
      panning = pan.down(e);
      return panning;
    },
    move: (e) => {
      if (panning) return pan.move(e);
      if (!offset) return;
      // The picture is the world's origin, so on screen the frame slides the other way; the offset is what
      // changes, held where the picture stays inside the frame.
      const dx = Math.round(e.point.x - offset.start.x);
      const dy = Math.round(e.point.y - offset.start.y);
      const from = offset.from;
      store.getState().change('Move picture in frame', (d) =>
        d.outpaint && d.base ? { ...d, outpaint: clampOutpaint({ ...d.outpaint, offsetX: from.x + dx, offsetY: from.y + dy }, d.base, selectEndpoint({ document: d })) } : d,
      );
    },
    up: (e) => {
      if (panning) pan.up(e);
      else if (offset) store.getState().endGesture('Move picture in frame');
      panning = false;
      offset = null;
    },
    cancel: () => {
      if (panning) pan.cancel();
      else if (offset) store.getState().cancelGesture();
      panning = false;
      offset = null;
    },
  };
}
