import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyDocument, type CanvasDocument } from '../../../shared/canvas/document';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import { eventChannel } from '../../../shared/ipc/define';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { tempDir } from '../testing/tempDir';

const ZIP_TIME = new Date(Date.UTC(2024, 0, 2, 3, 4, 6));
import { projectFileName } from '../handlers/projectHandlers';
import { encodeMp4 } from '../../sandbox';

let dir: Awaited<ReturnType<typeof tempDir>>;
let other: Awaited<ReturnType<typeof tempDir>>;
let fx: CoreFixture;
/** What the "system dialog" answers next. */
let chosen: string | null;
const dialogs = { chooseSavePath: async () => chosen, chooseOpenPath: async () => chosen };

const png = async (color: string, width = 64, height = 48) =>
  new Uint8Array(await sharp({ create: { width, height, channels: 4, background: color } }).png().toBuffer());

beforeEach(async () => {
  dir = await tempDir('pf');
  other = await tempDir('pf-other');
  fx = await startCore({ dataDir: join(dir.path, 'data'), deps: { projectFileDialogs: dialogs } });
});
afterEach(async () => {
  await fx.core.dispose();
  await dir.remove();
  await other.remove();
});

/** A project with a base picture, a reference and a painted mask, saved as the renderer saves it. */
async function makeProject(core: CoreFixture, name = 'Harbour at dusk'): Promise<{ id: string; document: CanvasDocument; mask: Uint8Array }> {
  const base = await core.ok('assets.import', { name: 'harbour.png', bytes: await png('#336699') });
  const ref = await core.ok('assets.import', { name: 'palette.png', bytes: await png('#ffaa00', 16, 16) });
  const created = await core.ok('projects.create', { name, document: emptyDocument('gen-pro-1.0-fill') });
  const mask = await png('#ffffff', 64, 48);
  const document: CanvasDocument = {
    ...emptyDocument('gen-pro-1.0-fill'),
    base: { assetId: base.id, name: 'harbour.png', width: 64, height: 48 },
    references: [{ assetId: ref.id, name: 'palette.png', width: 16, height: 16 }],
    mask: { ...emptyDocument('x').mask, blob: 'mask-1.png' },
  };
  await core.ok('projects.save', { id: created.id, document, blobs: { 'mask-1.png': mask } });
  return { id: created.id, document, mask };
}

async function projectFolders(dataDir: string): Promise<string[]> {
  return (await readdir(join(dataDir, 'projects'), { withFileTypes: true })).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name);
}

describe('.genstudio project files', () => {
  it('saves a project to one file and opens it on another machine whole: document, mask and pictures', async () => {
    const { id, document, mask } = await makeProject(fx);
    chosen = join(dir.path, 'Harbour at dusk'); // the dialog may answer without the extension
    expect(await fx.ok('projects.saveToFile', { id })).toEqual({ saved: true, fileName: 'Harbour at dusk.genstudio' });
    const file = join(dir.path, 'Harbour at dusk.genstudio');

    // Another installation: its own data folder, none of the pictures.
    const elsewhere = await startCore({ dataDir: other.path, deps: { projectFileDialogs: { chooseOpenPath: async () => file, chooseSavePath: async () => null } } });
    try {
      const { opened } = await elsewhere.ok('projects.openFile');
      expect(opened?.notice).toBeNull();
      expect(opened?.project).toMatchObject({ id, name: 'Harbour at dusk' });
      const reopened = await elsewhere.ok('projects.open', { id });
      expect(reopened.document).toEqual(document);
      expect(Buffer.from(reopened.blobs['mask-1.png']!)).toEqual(Buffer.from(mask));
      for (const ref of [document.base!, ...document.references]) {
        expect(await elsewhere.ok('assets.get', { id: ref.assetId })).toMatchObject({ id: ref.assetId, width: ref.width, height: ref.height });
      }
      expect((await elsewhere.ok('projects.list')).projects.map((p) => p.name)).toEqual(['Harbour at dusk']);
    } finally {
      await elsewhere.core.dispose();
    }
  });

  it('carries a video project whole: its keyframe pictures and source clip travel inside the file', async () => {
    const frame = await fx.ok('assets.import', { name: 'first.png', bytes: await png('#aa3355') });
    const clip = await fx.ok('assets.import', { name: 'clip.mp4', bytes: await encodeMp4({ width: 64, height: 36, fps: 24, seconds: 1, background: [10, 20, 30] }) });
    const created = await fx.ok('projects.create', { name: 'Kite', document: emptyDocument('gen-3-video') });
    const document: CanvasDocument = {
      ...emptyDocument('gen-3-video'),
      timeline: { keyframes: [{ id: 'k1', image: { assetId: frame.id, name: 'first.png', width: 64, height: 48 }, frame: 12 }], source: { assetId: clip.id, name: 'clip.mp4', seconds: 1, resultId: null } },
    };
    await fx.ok('projects.save', { id: created.id, document, blobs: {} });
    chosen = join(dir.path, 'Kite.genstudio');
    await fx.ok('projects.saveToFile', { id: created.id });
    const elsewhere = await startCore({ dataDir: other.path, deps: { projectFileDialogs: { chooseOpenPath: async () => chosen, chooseSavePath: async () => null } } });
    try {
      await elsewhere.ok('projects.openFile');
      expect((await elsewhere.ok('projects.open', { id: created.id })).document.timeline).toEqual(document.timeline);
      expect(await elsewhere.ok('assets.get', { id: frame.id })).toMatchObject({ name: 'first.png', kind: 'image' });
      expect(await elsewhere.ok('assets.get', { id: clip.id })).toMatchObject({ name: 'clip.mp4', kind: 'video' });
    } finally {
      await elsewhere.core.dispose();
    }
  });

  it('asks before opening a file of a project already here, then opens it as a copy named so, leaving the one here unchanged', async () => {
    const { id, document } = await makeProject(fx);
    chosen = join(dir.path, 'h.genstudio');
    await fx.ok('projects.saveToFile', { id });
    // The project here moves on after the file was saved.
    await fx.ok('projects.rename', { id, name: 'Harbour, final' });
    const asked = (await fx.ok('projects.openFile')).opened!;
    // Nothing is added yet: the answer names the project here and a token to open the file as a copy.
    expect(asked.project.id).toBe(id);
    expect(asked.alreadyOpen).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fx.ok('projects.list')).projects).toHaveLength(1);
    const opened = await fx.ok('projects.openCopy', { token: asked.alreadyOpen! });
    expect(opened.project.id).not.toBe(id);
    expect(opened.project.name).toBe('Harbour at dusk (copy)');
    expect(opened.notice).toBe('Opened “Harbour at dusk” as a separate copy, “Harbour at dusk (copy)”; the one you had is unchanged.');
    // The notice comes as words too: the window says it in the language on screen, both names as they are.
    const german = createText('de', await loadMessages('de'));
    expect(say(german, opened.noticeWords, opened.notice!)).toBe('„Harbour at dusk“ wurde als eigene Kopie „Harbour at dusk (copy)“ geöffnet; dein bisheriges Projekt ist unverändert.');
    // A token is good once.
    expect((await fx.call('projects.openCopy', { token: asked.alreadyOpen! })).ok).toBe(false);
    expect((await fx.ok('projects.open', { id })).project.name).toBe('Harbour, final');
    expect((await fx.ok('projects.open', { id: opened.project.id })).document).toEqual(document);
  });

  it('opens a file the system hands the app and tells the window; a damaged one becomes a notice', async () => {
    const { id } = await makeProject(fx);
    chosen = join(dir.path, 'h.genstudio');
    await fx.ok('projects.saveToFile', { id });
    expect(await fx.core.openProjectFile(chosen)).toBe(true);
    const opened = fx.events.filter((e) => e.channel === eventChannel('projects.fileOpened'));
    expect(opened).toHaveLength(1);

    await writeFile(join(dir.path, 'broken.genstudio'), 'not a zip at all');
    expect(await fx.core.openProjectFile(join(dir.path, 'broken.genstudio'))).toBe(false);
    const notices = await fx.ok('app.notices');
    expect(notices.at(-1)).toMatchObject({ level: 'error', message: '“broken.genstudio” could not be opened. This is not a Gen Studio project file: it is not a zip archive.' });
  });

  describe('a damaged file says what is wrong and changes nothing', () => {
    let good: Uint8Array;
    beforeEach(async () => {
      const { id } = await makeProject(fx);
      chosen = join(dir.path, 'good.genstudio');
      await fx.ok('projects.saveToFile', { id });
      good = new Uint8Array(await readFile(chosen));
    });

    // Zip entries carry their time (to two seconds): a fixed one makes the same damage the same bytes whenever made.
    const zipFixed = (entries: Record<string, Uint8Array>) => zipSync(entries, { mtime: ZIP_TIME });
    const rezip = (edit: (entries: Record<string, Uint8Array>) => void) => {
      const entries = unzipSync(good);
      edit(entries);
      return zipFixed(entries);
    };
    const cases: Array<[string, () => Uint8Array, RegExp]> = [
      ['an empty file', () => new Uint8Array(), /The file is empty\./],
      ['a picture renamed', () => strToU8('\x89PNG not really'), /not a zip archive/],
      ['a file cut short while copying', () => good.subarray(0, Math.floor(good.length * 0.6)), /cannot be unpacked .*cut short/],
      ['a zip that is not a project', () => zipFixed({ 'notes.txt': strToU8('hello') }), /has no genstudio\.json/],
      [
        'a newer format',
        () => rezip((e) => void (e['genstudio.json'] = strToU8(JSON.stringify({ ...JSON.parse(Buffer.from(e['genstudio.json']!).toString()), version: 7 })))),
        /newer Gen Studio \(file format 7\); update Gen Studio/,
      ],
      ['a mask whose bytes changed', () => rezip((e) => void e['blobs/mask-1.png']?.fill(0, 40, 48)), /“blobs\/mask-1\.png” inside it does not match its checksum/],
      ['a picture missing', () => rezip((e) => void delete e[Object.keys(e).find((n) => n.startsWith('assets/'))!]), /“assets\/[a-f0-9]{64}\.png” is missing/],
      [
        'a project description that is not a project',
        () =>
          rezip((e) => {
            const project = strToU8('{"version": 1, "id": "x"}');
            e['project.json'] = project;
            const manifest = JSON.parse(Buffer.from(e['genstudio.json']!).toString()) as { files: Record<string, { sha256: string; bytes: number }> };
            manifest.files['project.json'] = { sha256: createHash('sha256').update(project).digest('hex'), bytes: project.byteLength };
            e['genstudio.json'] = strToU8(JSON.stringify(manifest));
          }),
        /The project inside it is damaged/,
      ],
    ];

    for (const [what, make, message] of cases) {
      it(`${what}`, async () => {
        const before = await fx.ok('projects.list');
        const folders = await projectFolders(join(dir.path, 'data'));
        const bad = join(dir.path, 'bad.genstudio');
        const bytes = make();
        await writeFile(bad, bytes);
        chosen = bad;
        const result = await fx.call('projects.openFile');
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.error.code).toBe('bad-input');
          expect(result.error.message).toMatch(/^“bad\.genstudio” could not be opened\. /);
          expect(result.error.message).toMatch(message);
        }
        // Dropped on the window, the same bytes say the same.
        const dropped = await fx.call('projects.openDropped', { name: 'bad.genstudio', bytes: new Uint8Array(await readFile(bad)) });
        expect(dropped.ok).toBe(false);
        expect(await fx.ok('projects.list')).toEqual(before);
        expect(await projectFolders(join(dir.path, 'data'))).toEqual(folders);
        // The damaged file itself is left as it was.
        expect(Buffer.from(await readFile(bad))).toEqual(Buffer.from(bytes));
      });
    }
  });

  it('names the file from the project, and says so when the system dialogs are missing or cancelled', async () => {
    expect(projectFileName('Poster: v2/final?')).toBe('Poster v2 final.genstudio');
    expect(projectFileName('...')).toBe('Project.genstudio');
    const { id } = await makeProject(fx);
    chosen = null;
    expect(await fx.ok('projects.saveToFile', { id })).toEqual({ saved: false, fileName: null });
    expect(await fx.ok('projects.openFile')).toEqual({ opened: null });

    const bare = await startCore({ dataDir: other.path });
    try {
      const result = await bare.call('projects.openFile');
      expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    } finally {
      await bare.core.dispose();
    }
  });

  it('refuses a path that is not a project file before reading it', async () => {
    chosen = join(dir.path, 'photo.png');
    await writeFile(chosen, await png('#000'));
    expect(await fx.call('projects.openFile')).toMatchObject({ ok: false, error: { code: 'bad-input', message: '“photo.png” is not a Gen Studio project file (.genstudio).' } });
    chosen = join(dir.path, 'gone.genstudio');
    expect(await fx.call('projects.openFile')).toMatchObject({ ok: false, error: { code: 'not-found', message: '“gone.genstudio” could not be found.' } });
  });

  it('refuses in words the window says in the artist\'s language, the English message unchanged', async () => {
    const german = createText('de', await loadMessages('de'));
    const refusal = async (result: Promise<{ ok: boolean; error?: { message: string; words?: Parameters<typeof say>[1] } }>) => {
      const answer = await result;
      if (answer.ok || !answer.error) throw new Error('not refused');
      return answer.error;
    };
    chosen = join(dir.path, 'photo.png');
    await writeFile(chosen, await png('#000'));
    const cases = [
      [await refusal(fx.call('projects.openFile')), '“photo.png” is not a Gen Studio project file (.genstudio).'],
      [await refusal(fx.call('projects.openDropped', { name: 'bad.genstudio', bytes: new Uint8Array() })), '“bad.genstudio” could not be opened. The file is empty.'],
      [await refusal(fx.call('projects.open', { id: 'gone-project' })), 'That project no longer exists.'],
    ] as const;
    for (const [failure, english] of cases) {
      expect(failure.message).toBe(english);
      expect(failure.words, english).toBeDefined();
      expect(say(german, failure.words, failure.message)).not.toBe(english);
    }
    const [empty] = cases[1];
    expect(say(german, empty.words, empty.message)).toBe('„bad.genstudio“ konnte nicht geöffnet werden. Die Datei ist leer.');
  });
});

