import { type Layer, type Psd, writePsdUint8Array } from 'ag-psd';
import type { GreyPixels, LayerEntry, LayeredDocument, PixelLayer, RgbaPixels } from '../../../shared/layers/layeredDocument';
import type { LayeredPlan, PlannedLayer } from './buildLayered';
import { greyAsRgba } from './layerPixels';

type Decoded = LayeredDocument<RgbaPixels, GreyPixels>;

/** Photoshop's PSD edge limit; larger documents are PSB (ag-psd writes both). */
const PSD_MAX_EDGE = 30_000;

function pixelLayer(l: PixelLayer<RgbaPixels, GreyPixels>): Layer {
  const { width, height } = l.pixels;
  return {
    name: l.name,
    left: l.left,
    top: l.top,
    right: l.left + width,
    bottom: l.top + height,
    hidden: l.hidden,
    opacity: 1,
    blendMode: 'normal',
    // ag-psd takes the pixels as they are (no canvas in Node); a Uint8Array is what it reads.
    imageData: { width, height, data: l.pixels.data },
    ...(l.mask
      ? {
          mask: {
            left: l.left,
            top: l.top,
            right: l.left + l.mask.width,
            bottom: l.top + l.mask.height,
            defaultColor: 0,
            disabled: l.maskEnabled === false,
            // ag-psd reads a mask's grey from the red byte of RGBA pixels
            imageData: greyAsRgba(l.mask),
          },
        }
      : {}),
  };
}

const entry = (l: LayerEntry<RgbaPixels, GreyPixels>): Layer =>
  l.kind === 'pixels' ? pixelLayer(l) : { name: l.name, hidden: l.hidden, opened: false, children: l.children.map(pixelLayer) };

/**
 * The document as a PSD (PSB past 30,000 px a side): every layer with its name, offset, visibility and mask,
 * groups as groups, the composite as the file's merged image and the XMP packet in the image resources.
 * RLE-compressed, the PSD compression every reader knows.
 */
export async function writePsd(plan: LayeredPlan): Promise<Uint8Array> {
  const doc = await decoded(plan);
  const psd: Psd = {
    width: doc.width,
    height: doc.height,
    channels: 4,
    bitsPerChannel: 8,
    colorMode: 3, // RGB
    children: doc.layers.map(entry),
    imageData: { width: doc.composite.width, height: doc.composite.height, data: doc.composite.data },
    ...(doc.metadata.xmp ? { imageResources: { xmpMetadata: doc.metadata.xmp } } : {}),
  };
  const psb = doc.width > PSD_MAX_EDGE || doc.height > PSD_MAX_EDGE;
  return writePsdUint8Array(psd, { generateThumbnail: false, noBackground: true, psb });
}

/** Every layer decoded: ag-psd takes the whole document's pixels at once. */
async function decoded(plan: LayeredPlan): Promise<Decoded> {
  const layer = async ({ mask, ...l }: PlannedLayer): Promise<PixelLayer<RgbaPixels, GreyPixels>> => ({
    ...l,
    pixels: await l.pixels.rgba(),
    ...(mask ? { mask: await mask.grey() } : {}),
  });
  const layers: Array<LayerEntry<RgbaPixels, GreyPixels>> = [];
  for (const l of plan.layers) layers.push(l.kind === 'group' ? { ...l, children: await Promise.all(l.children.map(layer)) } : await layer(l));
  return { ...plan, layers, composite: await plan.composite.rgba() };
}
