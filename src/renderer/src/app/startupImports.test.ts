import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the start-up chunk holds is what main.tsx reaches by static imports; a module behind `import()` (React.lazy)
 * is its own chunk, fetched when first shown. The heavy packages of one screen stay out of that reach, so the
 * first screen is usable sooner (bench/startup.ts prints the chunk's size).
 */
const LATER: ReadonlyArray<{ pkg: string; why: string }> = [
  { pkg: 'konva', why: 'the Studio canvas' },
  { pkg: 'recharts', why: 'the spending chart in Settings' },
];

const ENTRY = resolve(__dirname, '../main.tsx');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Static `import … from 'x'`, `import 'x'` and `export … from 'x'`; type-only imports are erased, `import('x')` splits. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  if (existsSync(base) && /\.(tsx?|css)$/.test(base)) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return null;
}

/** Local JSON files main.tsx reaches by static imports (message catalogs), as `<folder>/<name>`. */
const staticJson = new Set<string>();

/** Every bare package main.tsx reaches by static imports, with the module that imports it. */
function staticPackages(): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [ENTRY];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || file.endsWith('.css')) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, spec = ''] of text.matchAll(STATIC_IMPORT)) {
      if (spec.startsWith('.') && spec.endsWith('.json')) staticJson.add(join(dirname(file), spec).split('/').slice(-2).join('/'));
      else if (spec.startsWith('.')) {
        const local = resolveLocal(file, spec);
        if (local) queue.push(local);
      } else {
        const name = spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
        if (!packages.has(name)) packages.set(name, file);
      }
    }
  }
  return packages;
}

describe('the start-up chunk', () => {
  const packages = staticPackages();
  it('is found (the walk reaches React and the screens)', () => {
    expect(packages.has('react')).toBe(true);
    expect(packages.has('zustand')).toBe(true);
  });
  it('carries the English catalog alone: each other language loads when chosen', () => {
    const catalogs = [...staticJson].filter((f) => !f.endsWith('/package.json'));
    expect(catalogs.length).toBeGreaterThan(0);
    expect(catalogs.filter((f) => !f.startsWith('en/'))).toEqual([]);
  });
  it.each(LATER)('leaves $pkg ($why) to a chunk loaded when it is first shown', ({ pkg }) => {
    expect(packages.get(pkg), `${pkg} is imported statically by ${packages.get(pkg)}`).toBeUndefined();
  });
});
