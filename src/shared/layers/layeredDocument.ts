/**
 * A layered picture as Gen Studio writes it to PSD and OpenRaster: the layers' names, places and visibility,
 * with no format in it. What a layer's pixels are is the writer's business (`P`, and `M` for a layer mask):
 * main hands the writers pictures that are read and decoded one at a time as the file is written
 * (src/main/core/layers/layerPicture.ts), so a large project is never held decoded all at once.
 */

/** 8 bits a channel, RGBA, not premultiplied, rows top to bottom: `data.length === width * height * 4`. */
export interface RgbaPixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** One byte a pixel, `data.length === width * height`; 255 = white. */
export interface GreyPixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** A layer of pixels placed at (left, top) in the document; its mask, when it has one, covers exactly the layer. */
export interface PixelLayer<P, M = never> {
  readonly kind: 'pixels';
  readonly name: string;
  readonly left: number;
  readonly top: number;
  readonly hidden: boolean;
  readonly pixels: P;
  /**
   * The layer mask (white shows the layer). Written switched off (`maskEnabled` false) when the composite must
   * stay the picture as it is, so the editor shows the same picture and the mask is one click away.
   */
  readonly mask?: M;
  readonly maskEnabled?: boolean;
}

export interface LayerGroup<P, M = never> {
  readonly kind: 'group';
  readonly name: string;
  readonly hidden: boolean;
  /** bottom first */
  readonly children: ReadonlyArray<PixelLayer<P, M>>;
}

export type LayerEntry<P, M = never> = PixelLayer<P, M> | LayerGroup<P, M>;

export interface LayeredDocument<P, M = never> {
  readonly width: number;
  readonly height: number;
  /** bottom first, as they stack */
  readonly layers: ReadonlyArray<LayerEntry<P, M>>;
  /** The merged picture at the document's size: what an editor or a viewer that ignores layers shows. */
  readonly composite: P;
  /** What made it: Gen Studio's JSON (ORA: a sidecar entry and stack.xml attribute) and an XMP packet (PSD). */
  readonly metadata: { readonly json: string; readonly xmp: string | null };
}

export const LAYERED_FORMATS = ['psd', 'ora'] as const;
export type LayeredFormat = (typeof LAYERED_FORMATS)[number];

/** Every pixel layer in stacking order, bottom first, groups opened. */
export function flatLayers<P, M>(layers: ReadonlyArray<LayerEntry<P, M>>): Array<PixelLayer<P, M>> {
  return layers.flatMap((l) => (l.kind === 'group' ? [...l.children] : [l]));
}
