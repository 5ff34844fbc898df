/**
 * "Keep outside the mask untouched": the result only where the mask says change, the original everywhere
 * else, blended by the mask's value where it is soft. Services that repaint a masked area still re-encode
 * (and may subtly shift) the whole picture; this puts every unmasked pixel back exactly.
 */
export function compositeInsideMask(original: Uint8ClampedArray, result: Uint8ClampedArray, mask: Uint8Array | Uint8ClampedArray): Uint8ClampedArray {
  const pixels = mask.length;
  if (original.length !== pixels * 4 || result.length !== pixels * 4) throw new Error('The picture, the result and the mask must be the same size.');
  const out = new Uint8ClampedArray(original.length);
  for (let i = 0; i < pixels; i++) {
    const m = mask[i]!;
    const o = i * 4;
    if (m === 0) {
      out[o] = original[o]!;
      out[o + 1] = original[o + 1]!;
      out[o + 2] = original[o + 2]!;
      out[o + 3] = original[o + 3]!;
    } else if (m === 255) {
      out[o] = result[o]!;
      out[o + 1] = result[o + 1]!;
      out[o + 2] = result[o + 2]!;
      out[o + 3] = result[o + 3]!;
    } else {
      for (let c = 0; c < 4; c++) out[o + c] = Math.round((original[o + c]! * (255 - m) + result[o + c]! * m) / 255);
    }
  }
  return out;
}

/** The mask a request carried: a grey mask image (white = change), or the picture's alpha (transparent = change). */
export function maskFromGrey(rgba: Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  // A grey PNG decodes with r = g = b; a coloured one is read by its luminance, as the mask panel does.
  for (let i = 0; i < out.length; i++) out[i] = Math.round(0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!);
  return out;
}

export function maskFromTransparency(rgba: Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = 255 - rgba[i * 4 + 3]!;
  return out;
}
