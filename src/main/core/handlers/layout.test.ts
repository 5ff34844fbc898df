import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALLS } from '../../../shared/ipc/contract';

const DIR = join(__dirname);

/** The calls a handler file answers, read from its source: the quoted `'namespace.call':` keys. */
async function callsIn(file: string): Promise<string[]> {
  const source = await readFile(join(DIR, file), 'utf8');
  return [...source.matchAll(/^\s*'([a-z]+\.[A-Za-z]+)':/gm)].map((m) => m[1]!);
}

describe('the handlers mirror the contract', () => {
  it('one file per namespace, named for it, answering only that namespace’s calls; every call answered once', async () => {
    const files = (await readdir(DIR)).filter((n) => n.endsWith('Handlers.ts'));
    const answered: string[] = [];
    for (const file of files) {
      const namespace = file.replace(/Handlers\.ts$/, '');
      const calls = await callsIn(file);
      expect(calls.length, file).toBeGreaterThan(0);
      for (const call of calls) expect(call.split('.')[0], `${call} in ${file}`).toMatch(new RegExp(`^${namespace}s?$`));
      answered.push(...calls);
    }
    expect(answered.sort()).toEqual(Object.keys(CALLS).sort());
  });
});
