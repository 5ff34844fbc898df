import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const RENDERER = join(__dirname, '..');
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const sources = walk(RENDERER).filter((f) => /\.(tsx?|css)$/.test(f) && !/\.test\.tsx?$/.test(f));

/**
 * Pictographs and symbols drawn as icons (✦ ◫ ▨ ⇲ ⌫ ∿ ★ ▶ ⚙ …): any "other symbol", and the arrows, maths
 * operators, technical, geometric and dingbat blocks. They render in whatever font the system has, at its size
 * and weight, and a screen reader reads them aloud by their Unicode names.
 */
const SYMBOL = /[\p{So}\u2190-\u23FF\u25A0-\u27BF\u2900-\u2BFF]/gu;
/** Typographic marks that stay in sentences and key names: "A → B", "← → step", "Ctrl+−", "≈ 4 credits", "⌘Z", "⌘↵". */
const IN_TEXT = new Set(['→', '←', '−', '≈', '⌘', '⇧', '⌥', '↵']);
/** A control whose whole content is one mark (a "×" close, "‹ ›" steps, "+ −" zoom, a "?" help) uses it as an icon. */
const MARK_ALONE = />\s*[×‹›−+?→←]\s*<\/(?:button|Button|FileButton)>/g;

describe('icons come from the icon module (ui/icons.tsx), never from Unicode glyphs', () => {
  it('no renderer file draws a pictograph or symbol character', () => {
    expect(sources.length).toBeGreaterThan(50);
    const found = sources.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(SYMBOL)].filter((m) => !IN_TEXT.has(m[0])).map((m) => `${relative(RENDERER, f)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('no control is a typographic mark standing alone', () => {
    const found = sources.filter((f) => f.endsWith('.tsx')).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(MARK_ALONE)].map((m) => `${relative(RENDERER, f)}: ${m[0].trim()}`));
    expect(found).toEqual([]);
  });

  it('only the icon module imports the icon set', () => {
    const importers = sources.filter((f) => /from 'lucide-react'/.test(readFileSync(f, 'utf8'))).map((f) => relative(RENDERER, f));
    expect(importers).toEqual([join('ui', 'icons.tsx')]);
  });
});
