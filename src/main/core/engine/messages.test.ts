import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/** String and template literals that read as a sentence to the user: a capital (or a quote) first, then words. */
const SENTENCE = /(['`])((?:[A-Z“]|\$\{)[^'`\n]*?\s[^'`\n]*?\s[^'`\n]*?[.?!:])\1/g;

it('every sentence the engine shows the user is in messages.ts', async () => {
  const dir = import.meta.dirname;
  const files = (await readdir(dir)).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts') && n !== 'messages.ts');
  const found: string[] = [];
  for (const file of files) {
    const source = await readFile(join(dir, file), 'utf8');
    // Comments say why in sentences of their own; only code is looked at.
    const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const m of code.matchAll(SENTENCE)) found.push(`${file}: ${m[2]}`);
  }
  expect(found).toEqual([]);
});
