import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../../..');

/** The relative modules a file loads when it runs: `import type` is erased, so it loads nothing. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((s) => {
    if ((!ts.isImportDeclaration(s) && !ts.isExportDeclaration(s)) || !s.moduleSpecifier || !ts.isStringLiteral(s.moduleSpecifier)) return [];
    const typeOnly = ts.isImportDeclaration(s) ? s.importClause?.isTypeOnly === true : s.isTypeOnly;
    return typeOnly || !s.moduleSpecifier.text.startsWith('.') ? [] : [s.moduleSpecifier.text];
  });
}

/** Every source file `entry` loads when it runs, following relative imports. */
function importGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const fileName of runtimeImports(file)) {
      const base = resolve(dirname(file), fileName);
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f));
      if (found) visit(found);
    }
  };
  visit(resolve(ROOT, entry));
  return [...seen].map((f) => relative(ROOT, f));
}

describe('settings', () => {
  it('load without the Sandbox: the built-in ids live in a module of their own', () => {
    const graph = importGraph('src/main/core/settings/settingsService.ts');
    expect(graph).toContain('src/shared/connections/builtinIds.ts');
    expect(graph.filter((f) => f.startsWith('src/main/sandbox/') || f.endsWith('builtinSandbox.ts'))).toEqual([]);
  });
});
