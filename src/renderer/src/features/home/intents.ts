import { findEndpoint } from '../../../../shared/catalog/catalog';

/**
 * What an artist comes to do, each opened on the model that fits it best today. `canvas`: the canvas can
 * prepare it (the picture, a mask, a frame, references); `form`: it runs from its own form for now (try-on
 * and video take inputs the canvas does not hold yet). The studio screen takes this over when it lands.
 */
export interface Intent {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly glyph: string;
  readonly endpointId: string;
  readonly opens: 'canvas' | 'form';
}

export const INTENTS: readonly Intent[] = [
  { id: 'create', label: 'Create', description: 'A new picture from words', glyph: '✦', endpointId: 'gen-2-pro', opens: 'canvas' },
  { id: 'edit', label: 'Edit with references', description: 'Change a picture, or combine several, by describing it', glyph: '◫', endpointId: 'gen-ctx-max', opens: 'canvas' },
  { id: 'inpaint', label: 'Inpaint', description: 'Paint over a part and describe what goes there', glyph: '▨', endpointId: 'gen-pro-1.0-fill', opens: 'canvas' },
  { id: 'expand', label: 'Expand', description: 'Add room on any side of the picture', glyph: '⇲', endpointId: 'gen-pro-1.0-expand', opens: 'canvas' },
  { id: 'outpaint', label: 'Outpaint', description: 'Place the picture in a larger frame and fill the rest', glyph: '⬚', endpointId: 'outpainting-v1', opens: 'canvas' },
  { id: 'try-on', label: 'Try on', description: 'Dress a person in a garment', glyph: '◑', endpointId: 'vto-v2', opens: 'form' },
  { id: 'clean-up', label: 'Clean up', description: 'Erase an object, or sharpen a blurred picture', glyph: '✧', endpointId: 'erase-v1', opens: 'canvas' },
  { id: 'video', label: 'Video', description: 'A clip from words or from pictures', glyph: '▶', endpointId: 'gen-3-video', opens: 'form' },
  { id: 'upscale-video', label: 'Upscale video', description: 'Make a clip sharper and larger', glyph: '⤢', endpointId: 'video-upscale-v1', opens: 'form' },
];

/** Every intent names an endpoint the catalog offers (checked by a test, so a renamed endpoint is caught). */
export const intentEndpointsExist = (): boolean => INTENTS.every((i) => findEndpoint(i.endpointId) && !findEndpoint(i.endpointId)?.deprecated);
