import type { ReactNode } from 'react';
import { documentUse } from '../../../../../shared/canvas/request';
import { selectEndpoint, useCanvasStore, type Tool } from '../canvasStore';
import { Button } from '../../../ui/Button';
import { isOffered } from '../offeredTools';
import { Icon, type IconName } from '../../../ui/icons';
import { useText } from '../../../ui/i18n/textStore';
import type { MessageId } from '../../../../../shared/i18n/catalog';

/** The tools, each with the layer it edits: only those of layers the chosen model uses are offered. */
const TOOLS: readonly { tool: Tool; label: MessageId; key: string; icon: IconName; edits: 'mask' | 'boxes' | 'view' }[] = [
  { tool: 'brush', label: 'canvas.tool.brush', key: 'B', icon: 'tool.brush', edits: 'mask' },
  { tool: 'eraser', label: 'canvas.tool.eraser', key: 'E', icon: 'tool.eraser', edits: 'mask' },
  { tool: 'rect', label: 'canvas.tool.rect', key: 'R', icon: 'tool.rect', edits: 'mask' },
  { tool: 'ellipse', label: 'canvas.tool.ellipse', key: 'O', icon: 'tool.ellipse', edits: 'mask' },
  { tool: 'lasso', label: 'canvas.tool.lasso', key: 'L', icon: 'tool.lasso', edits: 'mask' },
  { tool: 'box', label: 'canvas.tool.box', key: 'M', icon: 'tool.box', edits: 'boxes' },
  { tool: 'move', label: 'canvas.tool.move', key: 'V', icon: 'tool.move', edits: 'view' },
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
  const { t } = useText();
  // A model that takes no mask (or no boxes) gets no tools for them: their shortcuts still say why not.
  const use = documentUse(endpoint, { intent, base });
  const masks = use.maskField !== null || use.alphaMask;
  const offered = TOOLS.filter((t) => isOffered(t.tool, use));
  const shapes = masks && (tool === 'rect' || tool === 'ellipse' || tool === 'lasso');

  return (
    <div className="canvas-toolbar" role="toolbar" aria-label={t('canvas.toolbar')}>
      <div className="tool-group">
        {offered.map((o) => (
          <button
            key={o.tool}
            type="button"
            className={`tool-button${tool === o.tool ? ' active' : ''}`}
            aria-pressed={tool === o.tool}
            aria-label={t(o.label)}
            title={t('canvas.tool.withKey', { tool: t(o.label), key: o.key })}
            onClick={() => setTool(o.tool)}
          >
            <Icon name={o.icon} size={18} />
          </button>
        ))}
      </div>
      {shapes && (
        <Button aria-label={t('canvas.shapes.switch', { mode: shapeMode })} title={t('canvas.shapes.title')} onClick={swapPaint}>
          {t('canvas.shapes.mode', { mode: shapeMode })}
        </Button>
      )}
      {masks && (
        <>
          <label className="tool-field">
            {t('canvas.brush.size')}
            <input type="number" className="field-input" min={1} max={1000} value={brush.size} onChange={(e) => setBrush({ size: Number(e.target.value) || 1 })} aria-label={t('canvas.brush.sizeLabel')} />
          </label>
          <label className="tool-field">
            {t('canvas.brush.hardness')}
            <input type="number" className="field-input" min={0} max={100} step={5} value={Math.round(brush.hardness * 100)} onChange={(e) => setBrush({ hardness: (Number(e.target.value) || 0) / 100 })} aria-label={t('canvas.brush.hardnessLabel')} />
          </label>
        </>
      )}
      <div className="tool-group">
        <Button onClick={undo} disabled={!canUndo} aria-label={t('canvas.undo')} title={t('canvas.undo.title')}>
          <Icon name="action.undo" />
        </Button>
        <Button onClick={redo} disabled={!canRedo} aria-label={t('canvas.redo')} title={t('canvas.redo.title')}>
          <Icon name="action.redo" />
        </Button>
      </div>
      <div className="tool-group">
        <Button onClick={() => view.zoomBy(0.8)} aria-label={t('canvas.zoom.out')} title={t('canvas.zoom.outTitle')}>
          <Icon name="action.zoomOut" />
        </Button>
        <span className="zoom-readout" aria-label={t('canvas.zoom')}>{t('canvas.zoom.percent', { scale })}</span>
        <Button onClick={() => view.zoomBy(1.25)} aria-label={t('canvas.zoom.in')} title={t('canvas.zoom.inTitle')}>
          <Icon name="action.zoomIn" />
        </Button>
        <Button onClick={view.fit} aria-label={t('canvas.zoom.fitLabel')} title={t('canvas.zoom.fitTitle')}>{t('canvas.zoom.fit')}</Button>
        <Button onClick={view.actualSize} aria-label={t('canvas.zoom.actualLabel', { scale: 1 })} title={t('canvas.zoom.actualTitle')}>{t('canvas.zoom.percent', { scale: 1 })}</Button>
      </div>
      {children && <div className="tool-group toolbar-extras">{children}</div>}
      <Button onClick={() => toggleHelp()} aria-label={t('canvas.shortcuts')} title={t('canvas.shortcuts.title')}>
        <Icon name="action.shortcuts" />
      </Button>
    </div>
  );
}
