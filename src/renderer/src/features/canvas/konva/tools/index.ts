import type { Tool } from '../../store/types';
import { boxTool } from './boxTool';
import { brushTool, lassoTool, shapeTool } from './maskTools';
import { moveTool, panTool } from './panTools';
import type { CanvasTool, ToolContext } from './types';

export type { CanvasTool, ToolContext, ToolEvent } from './types';

/** One instance of each tool for a canvas; `pan` also serves space + drag and the middle button. */
export function createTools(ctx: ToolContext): Record<Tool, CanvasTool> & { pan: CanvasTool } {
  return {
    brush: brushTool(ctx, 'paint'),
    eraser: brushTool(ctx, 'erase'),
    rect: shapeTool(ctx, 'rect'),
    ellipse: shapeTool(ctx, 'ellipse'),
    lasso: lassoTool(ctx),
    box: boxTool(ctx),
    move: moveTool(ctx),
    pan: panTool(ctx),
  };
}
