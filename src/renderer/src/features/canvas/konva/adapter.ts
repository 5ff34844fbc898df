import type { CanvasDocument } from '../../../../../shared/canvas/document';
import type { CanvasUse } from '../../../../../shared/canvas/request';
import type { CanvasPalette } from '../../../ui/theme/tokens';
import type { MaskBuffer } from '../mask/maskBuffer';
import type { PixelRect } from '../mask/rect';
import type { Tool, View } from '../store/types';

/** What every layer is drawn from: the store's state as the manager hands it over, plus the theme's colours. */
export interface RenderState {
  readonly document: CanvasDocument;
  /** which layers the document's endpoint uses */
  readonly use: CanvasUse;
  readonly mask: MaskBuffer | null;
  readonly maskVersion: number;
  /** the region of the mask changed since the previous version */
  readonly maskDirty: PixelRect;
  readonly view: View;
  readonly tool: Tool;
  readonly selectedBoxId: string | null;
  readonly palette: CanvasPalette;
}

/**
 * One layer kind on the stage. `sync` is called with every new state and pushes what changed into Konva; the
 * adapter compares with what it drew last and skips the rest. Konva is never read back for state.
 */
export interface LayerAdapter {
  sync(state: RenderState): void;
}
