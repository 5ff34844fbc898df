import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A screen's stylesheet stays in its screen. Every feature stylesheet (and the tool screens' shared one) is one
 * `@scope (.root, …) { … }` whose roots the feature renders itself, or a screen's root for the parts that live
 * only inside that screen; nothing outside but @keyframes. Without it, a sheet that loads later (the Studio's, with
 * the canvas chunk) rewrites another screen's controls: the Studio's 70 px `.tool-field` inputs once cut Explore's
 * "First seed" to four digits.
 */
const SRC = join(__dirname, '..');
const FEATURES = join(SRC, 'features');
const SHARED_SCOPED = [join(SRC, 'ui/toolScreen.css')];
/** The screens' own roots, which the screens' parts (the Studio's strip, panels and timeline) may scope under. */
const SCREEN_ROOTS = ['canvas-screen', 'explore', 'batch', 'gallery', 'queue', 'settings', 'welcome'];

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => join(e.parentPath, e.name));
}

const stripComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** The top-level blocks of a sheet: the text before each `{` and what its braces hold. */
function topLevel(css: string): Array<{ prelude: string; body: string }> {
  const out: Array<{ prelude: string; body: string }> = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{' && depth++ === 0) open = i;
    if (css[i] === '}' && --depth === 0) {
      out.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
      start = i + 1;
    }
  }
  if (css.slice(start).trim() !== '') out.push({ prelude: css.slice(start).trim(), body: '' });
  return out;
}

/** The selectors of every style rule in a block, @media and other nested groups included. */
function selectors(body: string): string[] {
  return topLevel(body).flatMap(({ prelude, body: inner }) =>
    prelude.startsWith('@') ? selectors(inner) : prelude.split(',').map((s) => s.trim()),
  );
}

/** Every class a TSX file in the folder puts in a className. */
function renderedClasses(folder: string): Set<string> {
  const classes = new Set<string>();
  for (const file of filesUnder(folder, '.tsx')) {
    if (file.endsWith('.test.tsx')) continue;
    const text = readFileSync(file, 'utf8');
    for (const [, value = ''] of text.matchAll(/className=(\{[^}]*\}|"[^"]*")/g)) {
      for (const [, literal = ''] of value.matchAll(/["'`]([^"'`]*)["'`]/g)) {
        for (const name of literal.replace(/\$\{[^}]*\}/g, ' ').split(/\s+/)) if (name) classes.add(name);
      }
    }
  }
  return classes;
}

const sheets = [...filesUnder(FEATURES, '.css'), ...SHARED_SCOPED];

describe('every feature stylesheet stays inside its own roots', () => {
  it('finds the sheets', () => expect(sheets.length).toBeGreaterThan(15));

  it.each(sheets.map((f) => [relative(SRC, f), f]))('%s', (_name, file) => {
    const blocks = topLevel(stripComments(readFileSync(file, 'utf8')));
    const own = renderedClasses(dirname(file) === join(SRC, 'ui') ? FEATURES : dirname(file));
    const unscoped = blocks.filter((b) => !/^@scope\s*\(/.test(b.prelude) && !b.prelude.startsWith('@keyframes'));
    expect(unscoped.map((b) => b.prelude), 'rules outside @scope reach every screen').toEqual([]);
    for (const { prelude, body } of blocks.filter((b) => b.prelude.startsWith('@scope'))) {
      const roots = /^@scope\s*\(([^)]*)\)\s*$/.exec(prelude)?.[1]?.split(',').map((r) => r.trim()) ?? [];
      expect(roots.length, `${prelude}: one list of roots, no "to" limit`).toBeGreaterThan(0);
      for (const root of roots) {
        expect(root, 'a root is one class').toMatch(/^\.[\w-]+$/);
        const name = root.slice(1);
        expect(own.has(name) || SCREEN_ROOTS.includes(name), `${root} is neither rendered by this feature nor a screen's root`).toBe(true);
      }
      // Inside @scope a selector is read below the root: one starting with the root's class would match nothing.
      const misses = selectors(body).filter((s) => roots.some((r) => new RegExp(`^(:where\\()?\\${r}(?![\\w-])`).test(s)));
      expect(misses, 'the root itself is :scope.root').toEqual([]);
    }
  });
});
