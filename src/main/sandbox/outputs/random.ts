/** Small deterministic randomness: the same seed and prompt give the same picture on every machine. */

/** FNV-1a over UTF-16 code units: a stable 32-bit hash of a string. */
export function hashString(text: string, start = 0x811c9dc5): number {
  let h = start >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a fast 32-bit generator, good enough for placing shapes. Returns floats in [0, 1). */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes a seed with other inputs (prompt, endpoint) into one generator seed. */
export function mixSeed(seed: number, ...parts: readonly string[]): number {
  let h = hashString(String(seed));
  for (const part of parts) h = hashString(part, h ^ 0x9e3779b9);
  return h;
}

export type Rgb = readonly [number, number, number];

/** A saturated colour from a hue in [0, 1). */
export function hueColor(hue: number, saturation = 0.65, lightness = 0.55): Rgb {
  const k = (n: number) => (n + hue * 12) % 12;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const f = (n: number) => lightness - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}
