import type { CanvasDocument, LayerId } from '../../../../shared/canvas/document';

/** What each layer is called on screen: the layers panel and every refusal message use the same words. */
export const LAYER_NAMES: Readonly<Record<LayerId, string>> = { base: 'Picture', mask: 'Mask', expansion: 'Frame', references: 'References', boxes: 'Boxes' };

/**
 * Why an edit of `layer` cannot happen now, or null when it can. A locked layer takes no edit at all, as in
 * Photoshop and Krita; a hidden one takes no edit made by pointing at it (painting, drawing a box), since the
 * user cannot see what they change. Hiding never changes what is sent: it is a view setting.
 */
export function layerRefusal(document: CanvasDocument, layer: LayerId, pointing = false): string | null {
  const state = document.layers[layer];
  const name = LAYER_NAMES[layer];
  if (state.locked) return `The ${name} layer is locked. Unlock it in Layers to change it.`;
  if (pointing && !state.visible) return `The ${name} layer is hidden. Show it in Layers to change it.`;
  return null;
}
