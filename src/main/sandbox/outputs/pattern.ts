import { createRaster, type Raster } from './raster';
import { generator, hueColor, type Rgb } from './random';

interface Blob {
  readonly x: number;
  readonly y: number;
  readonly r2: number;
  readonly color: Rgb;
}

export interface PatternOptions {
  /** Pulls the palette toward this colour, so a fill or an expansion sits with the picture around it. */
  readonly tint?: Rgb;
}

/**
 * The sandbox's stand-in for a generated picture: a diagonal gradient with soft discs, every parameter drawn
 * from one generator seed. Different seeds or prompts give visibly different pictures; the same give the same
 * bytes.
 */
export function drawPattern(width: number, height: number, seed: number, options: PatternOptions = {}): Raster {
  const random = generator(seed);
  const baseHue = random();
  const toward = (c: Rgb): Rgb => {
    const t = options.tint;
    return t ? [Math.round((c[0] + t[0] * 2) / 3), Math.round((c[1] + t[1] * 2) / 3), Math.round((c[2] + t[2] * 2) / 3)] : c;
  };
  const from = toward(hueColor(baseHue, 0.55, 0.35));
  const to = toward(hueColor((baseHue + 0.35 + random() * 0.3) % 1, 0.6, 0.6));
  const blobs: Blob[] = Array.from({ length: 5 + Math.floor(random() * 4) }, () => {
    const radius = (0.08 + random() * 0.22) * Math.min(width, height);
    return {
      x: random() * width,
      y: random() * height,
      r2: radius * radius,
      color: toward(hueColor((baseHue + 0.15 + random() * 0.7) % 1, 0.7, 0.45 + random() * 0.25)),
    };
  });
  const stripe = 0.02 + random() * 0.04;

  const out = createRaster(width, height);
  const data = out.data;
  const diagonal = width + height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / diagonal;
      const wave = 0.06 * Math.sin((x + 2 * y) * stripe);
      let r = from[0] + (to[0] - from[0]) * t;
      let g = from[1] + (to[1] - from[1]) * t;
      let b = from[2] + (to[2] - from[2]) * t;
      for (const blob of blobs) {
        const dx = x - blob.x;
        const dy = y - blob.y;
        const d = (dx * dx + dy * dy) / blob.r2;
        if (d >= 1) continue;
        const a = (1 - d) * (1 - d);
        r += (blob.color[0] - r) * a;
        g += (blob.color[1] - g) * a;
        b += (blob.color[2] - b) * a;
      }
      const i = (y * width + x) * 4;
      data[i] = clamp(r * (1 + wave));
      data[i + 1] = clamp(g * (1 + wave));
      data[i + 2] = clamp(b * (1 + wave));
    }
  }
  return out;
}

const clamp = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));
