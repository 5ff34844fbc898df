import type { CanvasDocument, LayerId } from '../../../../shared/canvas/document';
import type { MessageId } from '../../../../shared/i18n/catalog';
import { currentText } from '../../ui/i18n/textStore';

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
export function layerRefusal(document: CanvasDocument, layer: LayerId, pointing = false): string | null {
  const state = document.layers[layer];
  const { t } = currentText();
  if (state.locked) return t('canvas.layer.locked', { layer });
  if (pointing && !state.visible) return t('canvas.layer.hidden', { layer });
  return null;
}
