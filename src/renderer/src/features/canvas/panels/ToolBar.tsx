import type { ReactNode } from 'react';
import { documentUse } from '../../../../../shared/canvas/request';
import { selectEndpoint, useCanvasStore, type Tool } from '../canvasStore';
import { Button } from '../../../ui/Button';
import { isOffered } from '../offeredTools';
import { Icon, type IconName } from '../../../ui/icons';

/** The tools, each with the layer it edits: only those of layers the chosen model uses are offered. */
const TOOLS: readonly { tool: Tool; label: string; key: string; icon: IconName; edits: 'mask' | 'boxes' | 'view' }[] = [
  { tool: 'brush', label: 'Brush', key: 'B', icon: 'tool.brush', edits: 'mask' },
  { tool: 'eraser', label: 'Eraser', key: 'E', icon: 'tool.eraser', edits: 'mask' },
  { tool: 'rect', label: 'Rectangle', key: 'R', icon: 'tool.rect', edits: 'mask' },
  { tool: 'ellipse', label: 'Ellipse', key: 'O', icon: 'tool.ellipse', edits: 'mask' },
  { tool: 'lasso', label: 'Lasso', key: 'L', icon: 'tool.lasso', edits: 'mask' },
  { tool: 'box', label: 'Bounding box', key: 'M', icon: 'tool.box', edits: 'boxes' },
  { tool: 'move', label: 'Move and pan', key: 'V', icon: 'tool.move', edits: 'view' },
];

export interface ViewControls {
  fit(): void;
  actualSize(): void;
  zoomBy(factor: number): void;
}

/** `children`: what the screen adds at the end (Copy picture, Edit in…), features the canvas does not import. */
export function ToolBar({ view, children }: { view: ViewControls; children?: ReactNode }) {
  const tool = useCanvasStore((s) => s.tool);
  const shapeMode = useCanvasStore((s) => s.shapeMode);
  const brush = useCanvasStore((s) => s.brush);
  const canUndo = useCanvasStore((s) => s.canUndo);
  const canRedo = useCanvasStore((s) => s.canRedo);
  const scale = useCanvasStore((s) => s.view.scale);
  const endpoint = useCanvasStore(selectEndpoint);
  const intent = useCanvasStore((s) => s.document.intent);
  const base = useCanvasStore((s) => s.document.base);
  const { setTool, setBrush, swapPaint, undo, redo, toggleHelp } = useCanvasStore.getState();
  // A model that takes no mask (or no boxes) gets no tools for them: their shortcuts still say why not.
  const use = documentUse(endpoint, { intent, base });
  const masks = use.maskField !== null || use.alphaMask;
  const offered = TOOLS.filter((t) => isOffered(t.tool, use));
  const shapes = masks && (tool === 'rect' || tool === 'ellipse' || tool === 'lasso');

  return (
    <div className="canvas-toolbar" role="toolbar" aria-label="Canvas tools">
      <div className="tool-group">
        {offered.map((t) => (
          <button
            key={t.tool}
            type="button"
            className={`tool-button${tool === t.tool ? ' active' : ''}`}
            aria-pressed={tool === t.tool}
            aria-label={t.label}
            title={`${t.label} (${t.key})`}
            onClick={() => setTool(t.tool)}
          >
            <Icon name={t.icon} size={18} />
          </button>
        ))}
      </div>
      {shapes && (
        <Button aria-label={`Shapes ${shapeMode === 'paint' ? 'paint' : 'erase'}: switch`} title="Swap paint and erase (X)" onClick={swapPaint}>
          {shapeMode === 'paint' ? 'Shapes paint' : 'Shapes erase'}
        </Button>
      )}
      {masks && (
        <>
          <label className="tool-field">
            Size
            <input type="number" className="field-input" min={1} max={1000} value={brush.size} onChange={(e) => setBrush({ size: Number(e.target.value) || 1 })} aria-label="Brush size" />
          </label>
          <label className="tool-field">
            Hardness
            <input type="number" className="field-input" min={0} max={100} step={5} value={Math.round(brush.hardness * 100)} onChange={(e) => setBrush({ hardness: (Number(e.target.value) || 0) / 100 })} aria-label="Brush hardness (%)" />
          </label>
        </>
      )}
      <div className="tool-group">
        <Button onClick={undo} disabled={!canUndo} aria-label="Undo" title="Undo (Ctrl+Z)">
          <Icon name="action.undo" />
        </Button>
        <Button onClick={redo} disabled={!canRedo} aria-label="Redo" title="Redo (Ctrl+Shift+Z)">
          <Icon name="action.redo" />
        </Button>
      </div>
      <div className="tool-group">
        <Button onClick={() => view.zoomBy(0.8)} aria-label="Zoom out" title="Zoom out (Ctrl+−)">
          <Icon name="action.zoomOut" />
        </Button>
        <span className="zoom-readout" aria-label="Zoom">{Math.round(scale * 100)}%</span>
        <Button onClick={() => view.zoomBy(1.25)} aria-label="Zoom in" title="Zoom in (Ctrl++)">
          <Icon name="action.zoomIn" />
        </Button>
        <Button onClick={view.fit} aria-label="Fit to window" title="Ctrl+0">Fit</Button>
        <Button onClick={view.actualSize} aria-label="100%, actual size" title="Actual size (Ctrl+1)">100%</Button>
      </div>
      {children && <div className="tool-group">{children}</div>}
      <Button onClick={() => toggleHelp()} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">
        <Icon name="action.shortcuts" />
      </Button>
    </div>
  );
}
