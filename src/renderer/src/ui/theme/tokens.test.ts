import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canvasPalette, cssVariables, PALETTES, THEME_NAMES } from './tokens';

const RENDERER = join(__dirname, '..', '..');
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const files = walk(RENDERER);
const css = files.filter((f) => f.endsWith('.css'));
const code = files.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(join('theme', 'tokens.ts')));
const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/gi;
/** CSS without its comments, so a comment may name a colour. */
const source = (f: string) => readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

describe('design tokens', () => {
  it('every theme defines the same custom properties', () => {
    const [first, ...rest] = THEME_NAMES.map((t) => Object.keys(cssVariables(t)).sort());
    for (const names of rest) expect(names).toEqual(first);
  });

  it('the renderer CSS draws every colour from the palette', () => {
    expect(css.length).toBeGreaterThan(5);
    for (const f of css) expect(source(f).match(COLOUR) ?? [], relative(RENDERER, f)).toEqual([]);
  });

  it('every custom property the CSS reads is one the tokens define, or one its own file declares', () => {
    const defined = new Set(Object.keys(cssVariables('dark')));
    for (const f of css) {
      // A component's own measure (the contact sheet's tile size, set on its element) is declared, with its
      // default, in the component's file.
      const local = new Set([...source(f).matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]!));
      const used = [...source(f).matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!);
      expect(used.filter((name) => !defined.has(name) && !local.has(name)), relative(RENDERER, f)).toEqual([]);
    }
  });

  it('radii and type sizes come from their scales', () => {
    for (const f of css) {
      const text = source(f);
      const radii = [...text.matchAll(/border-radius:\s*([^;}]+)/g)].map((m) => m[1]!.trim());
      expect(radii.filter((r) => !/^(0|var\(--radius-\w+\))$/.test(r)), relative(RENDERER, f)).toEqual([]);
      const sizes = [...text.matchAll(/font-size:\s*([^;}]+)/g)].map((m) => m[1]!.trim());
      expect(sizes.filter((s) => !/^(inherit|var\(--font-size-\w+\))$/.test(s)), relative(RENDERER, f)).toEqual([]);
    }
  });

  it('padding, margins and gaps come from the spacing scale (a 1px hairline aside)', () => {
    const spacing = /\b(?:padding|margin|gap|row-gap|column-gap)(?:-(?:top|bottom|left|right))?\s*:\s*([^;}]+)/g;
    for (const f of css) {
      const raw = [...source(f).matchAll(spacing)].map((m) => m[0]).filter((decl) => /(?<![\w-])(?!1px)\d+(?:\.\d+)?(?:px|rem|em)\b/.test(decl.replace(/^[^:]+:/, '')));
      expect(raw, relative(RENDERER, f)).toEqual([]);
    }
  });

  it('the Konva adapters and every other component take colours from the palette, never literals', () => {
    for (const f of code) expect(source(f).match(COLOUR) ?? [], relative(RENDERER, f)).toEqual([]);
    const konva = code.filter((f) => f.includes(join('canvas', 'konva')) && /Adapter|Manager/.test(f));
    const painted = konva.filter((f) => /CanvasPalette|canvasPalette|useThemeStore/.test(readFileSync(f, 'utf8')));
    expect(painted.map((f) => relative(RENDERER, f)).sort()).toEqual(
      ['features/canvas/konva/CanvasManager.ts', 'features/canvas/konva/boxesAdapter.ts', 'features/canvas/konva/frameAdapter.ts', 'features/canvas/konva/guidesAdapter.ts'].map((p) => join(...p.split('/'))),
    );
  });

  it('CSS and Konva read the canvas colours from the same palette entry', () => {
    for (const theme of THEME_NAMES) {
      const vars = cssVariables(theme);
      expect(canvasPalette(theme)).toBe(PALETTES[theme].canvas);
      for (const [key, value] of Object.entries(canvasPalette(theme))) expect(vars[`--canvas-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`]).toBe(value);
    }
    expect(cssVariables('light')['--canvas-backdrop']).not.toBe(cssVariables('dark')['--canvas-backdrop']);
  });
});
