import type { CanvasDocument, LayerId } from '../../../../shared/canvas/document';
import type { MessageId } from '../../../../shared/i18n/catalog';
import { saying, type Saying } from '../../ui/i18n/saying';

/** What each layer is called on screen, by the layers panel; the refusals name it with the same words (`layer` select). */
export const LAYER_NAMES: Readonly<Record<LayerId, MessageId>> = {
  base: 'canvas.layer.base',
  mask: 'canvas.layer.mask',
  expansion: 'canvas.layer.expansion',
  references: 'canvas.layer.references',
  boxes: 'canvas.layer.boxes',
};

/**
 * Why an edit of `layer` cannot happen now, or null when it can. A locked layer takes no edit at all, as in
 * Photoshop and Krita; a hidden one takes no edit made by pointing at it (painting, drawing a box), since the
 * user cannot see what they change. Hiding never changes what is sent: it is a view setting.
 */
export function layerRefusal(document: CanvasDocument, layer: LayerId, pointing = false): Saying | null {
  const state = document.layers[layer];
  if (state.locked) return saying('canvas.layer.locked', { layer });
  if (pointing && !state.visible) return saying('canvas.layer.hidden', { layer });
  return null;
}
