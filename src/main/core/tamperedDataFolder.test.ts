import { spawnSync } from 'node:child_process';
import { loadMessages } from '../../shared/i18n/catalog';
import { sayTold } from '../../shared/i18n/say';
import { createText } from '../../shared/i18n/text';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyDocument } from '../../shared/canvas/document';
import { startCore, type CoreFixture } from './testing/coreFixture';
import { tempDir } from './testing/tempDir';

let dir: Awaited<ReturnType<typeof tempDir>>;
let fixture: CoreFixture | undefined;
beforeEach(async () => (dir = await tempDir('tampered')));
afterEach(async () => {
  await fixture?.core.dispose();
  fixture = undefined;
  await dir.remove();
});

const start = async () => (fixture = await startCore({ dataDir: dir.path, deps: { sandboxOptions: { timing: 'instant' } } }));

describe('a data folder edited or damaged outside the app', () => {
  it('starts anyway: settings.json as a folder, a project with a foreign id, a task record named for another, crash leftovers', async () => {
    let core = await start();
    const good = await core.ok('projects.create', { name: 'Good', document: emptyDocument('gen-dev') });
    await core.core.dispose();

    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    await rm(join(dir.path, 'settings.json'));
    await mkdir(join(dir.path, 'settings.json', 'inside'), { recursive: true });
    await mkdir(join(dir.path, 'projects', 'NOT A PROJECT ID'), { recursive: true });
    await writeFile(
      join(dir.path, 'projects', 'NOT A PROJECT ID', 'project.json'),
      JSON.stringify({ version: 1, id: 'NOT A PROJECT ID', name: 'Foreign', createdAt: 1, updatedAt: 1, document: emptyDocument('gen-dev') }),
    );
    await mkdir(join(dir.path, 'tasks'), { recursive: true });
    await writeFile(join(dir.path, 'tasks', 'x.json'), '{"version":1,"id":"../../../X"}');
    await writeFile(join(dir.path, 'library', `.${dead}-0123456789ab.tmp`), 'half of a result');

    core = await start();
    expect((await core.ok('projects.list')).projects.map((p) => p.id)).toEqual([good.id]);
    expect((await core.ok('settings.get')).concurrencyPerKey).toBe(8);
    const notices = (await core.ok('app.notices')).map((n) => n.message);
    expect(notices).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/settings file could not be read/),
        expect.stringMatching(/A project could not be read and was set aside/),
        expect.stringMatching(/A task in the queue could not be read and was set aside/),
      ]),
    );
    // Said as words: the window shows them in the artist's language, here German.
    const german = createText('de', await loadMessages('de'));
    const inGerman = (await core.ok('app.notices')).map((n) => sayTold(german, n));
    expect(inGerman).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Deine Einstellungsdatei konnte nicht gelesen werden\. Sie wurde als .* beiseitegelegt/),
        expect.stringMatching(/^Ein Projekt konnte nicht gelesen werden und wurde unverändert nach .* gelegt\.$/),
      ]),
    );
    expect(await readdir(join(dir.path, 'library'))).not.toContain(`.${dead}-0123456789ab.tmp`);
  });

  // Each folder the core keeps its own records in, and a call that only answers once that part has started.
  const subfolders = ['tasks', 'library', 'projects', 'batches', 'explore'] as const;
  it.each(subfolders)('starts when “%s” is a plain file: the file is moved aside, unchanged, with a notice saying where', async (name) => {
    const bytes = Buffer.from(`not a folder: ${name}\n\u0000\u00ff`, 'latin1');
    await writeFile(join(dir.path, name), bytes);

    const core = await start();
    const aside = (await readdir(dir.path)).filter((n) => n.startsWith(`${name}.not-a-folder-`));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir.path, aside[0]!))).toEqual(bytes);
    const notices = (await core.ok('app.notices')).map((n) => n.message);
    expect(notices).toContainEqual(expect.stringContaining(join(dir.path, aside[0]!)));
    expect(notices.join('\n')).toMatch(new RegExp(`“${name}” .*was a file, not a folder`));
    // The part that lives there works: a project, the queue, the library, the runs of a batch or a matrix.
    expect((await core.ok('projects.list')).projects).toEqual([]);
    expect(await core.ok('tasks.list')).toEqual([]);
    expect((await core.ok('library.page', { offset: 0, limit: 10 })).total).toBe(0);
    expect(await core.ok('batch.list')).toEqual([]);
    expect(await core.ok('explore.list', { projectId: null })).toEqual([]);
  });
});
