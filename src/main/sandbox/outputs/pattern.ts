import { inSlices } from './chunks';
import { createRaster, resizeRaster, type Raster } from './raster';
import { generator, hueColor, type Rgb } from './random';

/** The pattern is drawn at most this size and upscaled by sharp: smooth shapes lose nothing, and big outputs stay cheap. */
const DRAW_EDGE = 512;

export interface PatternOptions {
  /** Pulls the palette toward this colour, so a fill or an expansion sits with the picture around it. */
  readonly tint?: Rgb;
}

interface Disc {
  /** Centre and radius as fractions of the picture's width and height. */
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly color: Rgb;
}

const clamp = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** Draws the pattern at (w, h) exactly; every parameter is relative, so it looks the same at any size. */
async function drawPatternAt(w: number, h: number, seed: number, options: PatternOptions = {}): Promise<Raster> {
  const random = generator(seed);
  const baseHue = random();
  const toward = (c: Rgb): Rgb => {
    const t = options.tint;
    return t ? [Math.round((c[0] + t[0]) / 2), Math.round((c[1] + t[1]) / 2), Math.round((c[2] + t[2]) / 2)] : c;
  };
  const from = toward(hueColor(baseHue, 0.55, 0.35));
  const to = toward(hueColor((baseHue + 0.35 + random() * 0.3) % 1, 0.6, 0.6));
  const discs: Disc[] = Array.from({ length: 5 + Math.floor(random() * 4) }, () => ({
    x: random(),
    y: random(),
    r: 0.08 + random() * 0.22,
    color: toward(hueColor((baseHue + 0.15 + random() * 0.7) % 1, 0.7, 0.45 + random() * 0.25)),
  }));
  const stripes = 12 + random() * 24;
  const edge = Math.min(w, h);

  const out = createRaster(w, h);
  const data = out.data;
  await inSlices(h, w * discs.length, (y0, y1) => {
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < w; x++) {
      const t = (x / w + y / h) / 2;
      const wave = 0.06 * Math.sin(((x / w + (2 * y) / h) * stripes * Math.PI) / 1.5);
      let r = from[0] + (to[0] - from[0]) * t;
      let g = from[1] + (to[1] - from[1]) * t;
      let b = from[2] + (to[2] - from[2]) * t;
      for (const disc of discs) {
        const dx = x - disc.x * w;
        const dy = y - disc.y * h;
        const radius = disc.r * edge;
        const d = (dx * dx + dy * dy) / (radius * radius);
        if (d >= 1) continue;
        const a = (1 - d) * (1 - d);
        r += (disc.color[0] - r) * a;
        g += (disc.color[1] - g) * a;
        b += (disc.color[2] - b) * a;
      }
      const i = (y * w + x) * 4;
      data[i] = clamp(r * (1 + wave));
      data[i + 1] = clamp(g * (1 + wave));
      data[i + 2] = clamp(b * (1 + wave));
    }
  }
  });
  return out;
}

/**
 * The sandbox's stand-in for a generated picture: a diagonal gradient with soft discs and faint stripes, every
 * parameter drawn from one generator seed. Different seeds or prompts give visibly different pictures; the
 * same give the same bytes.
 */
export async function drawPattern(width: number, height: number, seed: number, options: PatternOptions = {}): Promise<Raster> {
  const scale = Math.min(1, DRAW_EDGE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const small = await drawPatternAt(w, h, seed, options);
  if (w === width && h === height) return small;
  return resizeRaster(small, width, height, 'fill');
}
