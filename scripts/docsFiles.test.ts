/**
 * Every file the README and docs/ name exists, and docs/engine.md's file map names every file of the engine: a new
 * maintainer follows these pages to the code, and a page naming a file that was never written (or leaving out half
 * the engine) sends them looking for nothing (issue 31, point 15).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..');
const SEARCHED = ['src', 'e2e', 'bench', 'scripts', 'docs'];
const SKIPPED = new Set(['node_modules', '.git', 'out', 'dist', 'release']);
const SOURCE = /^[\w./@-]+\.(?:tsx?|css|md|json)$/;

/** Names the docs use for files that are not the repository's, each on purpose. */
const NOT_IN_REPO = new Set([
  // The app's own data files, written at run time into its data folder.
  '.gallery.json',
  '.index.json',
  'settings.json',
  'spending.json',
  'data/spending.json',
  // The service's interface document and field notes, kept beside the repository.
  'service-interface.md',
  'field-notes.md',
  '../shared/spec/field-notes.md',
  // A file of VS Code's, cited as the model for the key storage.
  'src/vs/platform/secrets/common/secrets.ts',
  // Written by a script into the build output.
  'out/prices-table.md',
]);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    SKIPPED.has(entry.name) ? [] : entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(root, join(dir, entry.name))],
  );
}

const repoFiles = [...SEARCHED.flatMap((dir) => walk(join(root, dir))), ...readdirSync(root).filter((name) => SOURCE.test(name))].map(
  (path) => path.split('\\').join('/'),
);
const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** A named file exists when some file of the repository ends with the name (`engine/scheduler.ts`, `ResultVideo.tsx`). */
function exists(name: string): boolean {
  const clean = name.replace(/^\.\//, '');
  return repoFiles.some((path) => path === clean || path.endsWith(`/${clean}`));
}

function namedFiles(text: string): string[] {
  const backticked = [...text.matchAll(/`([^`\s]+)`/g)].flatMap((match) => match[1] ?? []).filter((name) => SOURCE.test(name) && !NOT_IN_REPO.has(name));
  return [...new Set(backticked)];
}

function relativeLinks(doc: string, text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .flatMap((match) => match[1] ?? [])
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => relative(root, resolve(root, dirname(doc), target)))
    // A link that climbs out of the repository is GitHub's (`../../releases`), not a file.
    .filter((target) => !target.startsWith('..'));
}

describe('the docs name only files that exist', () => {
  it.each(docs)('%s', (doc) => {
    const text = readFileSync(join(root, doc), 'utf8');
    const missing = [
      ...namedFiles(text).filter((name) => !exists(name)),
      ...relativeLinks(doc, text).filter((target) => !existsSync(join(root, target))),
    ];
    expect(missing).toEqual([]);
  });

  it("docs/engine.md's file map names every file of the engine", () => {
    const engineDoc = readFileSync(join(root, 'docs/engine.md'), 'utf8');
    const map = engineDoc.slice(engineDoc.indexOf("## The engine's files"));
    const mapped = new Set(namedFiles(map.slice(0, map.indexOf('\n## ', 3))));
    const files = readdirSync(join(root, 'src/main/core/engine')).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(files.filter((name) => !mapped.has(name))).toEqual([]);
  });
});
