/**
 * A layered picture as Gen Studio writes it to PSD and OpenRaster and reads it back: plain pixels and names,
 * no format in it. The writers (src/main/core/layers/psdWrite.ts, oraWrite.ts) and the reader
 * (src/main/core/layers/layeredRead.ts) both speak this shape, so a working copy written for an editor and the
 * file that comes back are the same kind of thing.
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
export interface PixelLayer {
  readonly kind: 'pixels';
  readonly name: string;
  readonly left: number;
  readonly top: number;
  readonly hidden: boolean;
  readonly pixels: RgbaPixels;
  /**
   * The layer mask (white shows the layer). Written switched off (`maskEnabled` false) when the composite must
   * stay the picture as it is, so the editor shows the same picture and the mask is one click away.
   */
  readonly mask?: GreyPixels;
  readonly maskEnabled?: boolean;
}

export interface LayerGroup {
  readonly kind: 'group';
  readonly name: string;
  readonly hidden: boolean;
  /** bottom first */
  readonly children: readonly PixelLayer[];
}

export type LayerEntry = PixelLayer | LayerGroup;

export interface LayeredDocument {
  readonly width: number;
  readonly height: number;
  /** bottom first, as they stack */
  readonly layers: readonly LayerEntry[];
  /** The merged picture at the document's size: what an editor or a viewer that ignores layers shows. */
  readonly composite: RgbaPixels;
  /** What made it: Gen Studio's JSON (ORA: a sidecar entry and stack.xml attribute) and an XMP packet (PSD). */
  readonly metadata: { readonly json: string; readonly xmp: string | null };
}

export const LAYERED_FORMATS = ['psd', 'ora'] as const;
export type LayeredFormat = (typeof LAYERED_FORMATS)[number];

/** Every pixel layer in stacking order, bottom first, groups opened. */
export function flatLayers(layers: readonly LayerEntry[]): PixelLayer[] {
  return layers.flatMap((l) => (l.kind === 'group' ? [...l.children] : [l]));
}
