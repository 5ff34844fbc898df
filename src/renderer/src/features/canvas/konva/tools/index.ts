import type { Tool } from '../../store/types';
import { boxEditTool, boxTool } from './boxTool';
import { frameTool } from './frameTool';
import { brushTool, lassoTool, shapeTool } from './maskTools';
import { moveTool, panTool } from './panTools';
import type { CanvasTool, ToolContext } from './types';

export type { CanvasTool,  ToolContext, ToolEvent } from './types';

/**
 * The first of `tools` whose `down` takes the gesture follows it to its end: the handle or box under the pointer
 * before the tool in hand, as in every editor.
 */
function firstOf(...tools: readonly CanvasTool[]): CanvasTool {
  let taken: CanvasTool | null = null;
  return {
    down: (e) => {
      taken = tools.find((t) => t.down(e)) ?? null;
      return taken !== null;
    },
    move: (e) => taken?.move(e),
    up: (e) => {
      const tool = taken;
      taken = null;
      tool?.up(e);
    },
    cancel: () => {
      const tool = taken;
      taken = null;
      tool?.cancel();
    },
  };
}

/**
 * One instance of each tool for a canvas; `pan` also serves space + drag and the middle button. The frame's
 * handles take a press whatever the tool; boxes take it with the box and move tools.
 */
export function createTools(ctx: ToolContext): Record<Tool, CanvasTool> & { pan: CanvasTool } {
  const frame = frameTool(ctx);
  const boxes = boxEditTool(ctx);
  return {
    brush: firstOf(frame, brushTool(ctx, 'paint')),
    eraser: firstOf(frame, brushTool(ctx, 'erase')),
    rect: firstOf(frame, shapeTool(ctx, 'rect')),
    ellipse: firstOf(frame, shapeTool(ctx, 'ellipse')),
    lasso: firstOf(frame, lassoTool(ctx)),
    box: firstOf(frame, boxes, boxTool(ctx)),
    move: firstOf(frame, boxes, moveTool(ctx)),
    pan: panTool(ctx),
  };
}
