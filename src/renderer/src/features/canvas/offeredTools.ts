import type { CanvasUse } from '../../../../shared/canvas/request';
import type { Tool } from './store/types';

/** What a tool edits: only tools of the layers the chosen model uses are offered. */
type ToolEdits = 'mask' | 'boxes' | 'view';

const TOOL_EDITS: Readonly<Record<Tool, ToolEdits>> = { brush: 'mask', eraser: 'mask', rect: 'mask', ellipse: 'mask', lasso: 'mask', box: 'boxes', move: 'view' };

type Use = Pick<CanvasUse, 'maskField' | 'alphaMask' | 'boxes'>;

export function isOffered(tool: Tool, use: Use): boolean {
  const edits = TOOL_EDITS[tool];
  return edits === 'view' || (edits === 'mask' ? use.maskField !== null || use.alphaMask : use.boxes);
}

/**
 * The tool once another model is chosen: the one in hand while the new model offers it, else the tool for what the
 * new model edits (the brush for a mask, the box tool for boxes, else move). Without this a switch from a model
 * with no mask to one with a mask left a tool the toolbar did not show, and the first strokes did nothing.
 */
export function toolAfterSwitch(tool: Tool, from: Use, to: Use): Tool {
  // Move was the only tool the previous model had: it was never chosen, so it does not stay.
  const onlyTool = tool === 'move' && !isOffered('brush', from) && !isOffered('box', from);
  if (isOffered(tool, to) && !onlyTool) return tool;
  if (isOffered('brush', to)) return 'brush';
  if (isOffered('box', to)) return 'box';
  return 'move';
}
