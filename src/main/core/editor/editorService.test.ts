import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../shared/i18n/catalog';
import { english, say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import type { Words } from '../../../shared/i18n/words';
import type { AssetInfo, EditorChoice, EditorSession } from '../../../shared/ipc/contract';
import { editorHandlers } from '../handlers/editorHandlers';
import { LayeredIntakeService } from '../layers/layeredIntake';
import { refusalOf } from '../testing/refusalOf';
import { EditorService, type EditorAssets } from './editorService';
import { editorNameOf, findEditors } from './knownEditors';
import { sha256 } from './workingCopy';

const PROJECT = 'project-0001';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const png = (r: number, g: number, b: number) => sharp({ create: { width: 8, height: 6, channels: 3, background: { r, g, b } } }).png().toBuffer();

/** An asset store in memory that reads what it is given as sharp would (a file that is no image is refused). */
function memoryAssets(): EditorAssets & { stored: Map<string, Uint8Array> } {
  const stored = new Map<string, Uint8Array>();
  const info = async (id: string, name: string, bytes: Uint8Array): Promise<AssetInfo> => {
    const meta = await sharp(bytes).metadata();
    return { id, name, mime: `image/${meta.format}`, bytes: bytes.byteLength, width: meta.width!, height: meta.height!, hasAlpha: false, url: id, thumbnailUrl: id, kind: 'image', seconds: null, frames: null, fps: null, hasPoster: true };
  };
  const names = new Map<string, string>();
  return {
    stored,
    get: async (id) => info(id, names.get(id) ?? 'x.png', stored.get(id)!),
    bytes: async (id) => stored.get(id)!,
    import: async (name, bytes) => {
      const id = sha256(bytes);
      const asset = await info(id, name, bytes);
      stored.set(id, bytes);
      names.set(id, name);
      return asset;
    },
  };
}

/** What a service told the world, with a way to wait for the next of each. */
function listeners() {
  const saved: EditorSession[] = [];
  const notes: string[] = [];
  const noteWords: Words[] = [];
  const opened: Array<{ file: string; app: string | null }> = [];
  let wake: (() => void) | undefined;
  const poke = () => wake?.();
  const next = <T>(list: T[], count: number) =>
    new Promise<T>((resolve) => {
      const check = () => {
        if (list.length >= count) resolve(list[count - 1]!);
        else wake = check;
      };
      check();
    });
  return {
    saved,
    notes,
    noteWords,
    opened,
    savedNumber: (n: number) => next(saved, n),
    noteNumber: (n: number) => next(notes, n),
    hooks: {
      saved: (s: EditorSession) => {
        saved.push(s);
        poke();
      },
      notify: (m: Words) => {
        noteWords.push(m);
        notes.push(english(m));
        poke();
      },
      open: async (file: string, app: string | null) => {
        opened.push({ file, app });
        return '';
      },
    },
  };
}

describe('EditorService (real files, real watcher)', () => {
  let dir: string;
  let assets: ReturnType<typeof memoryAssets>;
  let services: EditorService[];
  let choice: EditorChoice;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gen-editor-'));
    assets = memoryAssets();
    services = [];
    choice = { kind: 'app', name: 'Krita', path: '/usr/bin/krita' };
  });
  afterEach(async () => {
    for (const s of services) await s.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const service = (l: ReturnType<typeof listeners>) => {
    const s = new EditorService({ projectsDir: dir, assets, choice: () => choice, now: () => 1000, log: silent, stopped: () => undefined, watch: { stableMs: 100 }, ...l.hooks });
    services.push(s);
    return s;
  };
  const picture = async () => assets.import('Harbour at dusk.png', await png(10, 20, 30));

  it('opens a working copy inside the project in the chosen editor; each save comes back once, in order, until accepted', async () => {
    const l = listeners();
    const editor = service(l);
    const original = await picture();
    const session = await editor.start(PROJECT, original.id);
    const file = join(dir, PROJECT, 'editing', 'Harbour at dusk.png');
    expect(l.opened).toEqual([{ file, app: '/usr/bin/krita' }]);
    expect(session).toMatchObject({ editorName: 'Krita', fileName: 'Harbour at dusk.png', pending: [] });
    expect(sha256(await readFile(file))).toBe(original.id);

    // Saved in place (GIMP's export), then by a temporary file renamed over it (Krita, Photoshop).
    const first = await png(200, 0, 0);
    await writeFile(file, first);
    const one = await l.savedNumber(1);
    expect(one.pending.map((p) => p.asset.id)).toEqual([sha256(first)]);

    const second = await png(0, 200, 0);
    await writeFile(join(dir, PROJECT, 'editing', '.~krita-save.tmp'), second);
    await rename(join(dir, PROJECT, 'editing', '.~krita-save.tmp'), file);
    const two = await l.savedNumber(2);
    expect(two.pending.map((p) => p.asset.id)).toEqual([sha256(first), sha256(second)]);

    expect(await editor.accept(PROJECT, two.pending[0]!.id)).toBe(true);
    expect(await editor.accept(PROJECT, two.pending[0]!.id)).toBe(false);
    expect((await editor.session(PROJECT))?.pending.map((p) => p.asset.id)).toEqual([sha256(second)]);
  });

  it('a save with the same bytes (a touch, an unchanged save) is no new version', async () => {
    const l = listeners();
    const editor = service(l);
    const original = await picture();
    await editor.start(PROJECT, original.id);
    const file = join(dir, PROJECT, 'editing', 'Harbour at dusk.png');
    await writeFile(file, assets.stored.get(original.id)!);
    const changed = await png(1, 2, 3);
    await writeFile(file, changed);
    const saved = await l.savedNumber(1);
    expect(saved.pending.map((p) => p.asset.id)).toEqual([sha256(changed)]);
    expect(l.saved).toHaveLength(1);
  });

  it('survives a restart: a save made while closed is taken once when the app starts again', async () => {
    const l = listeners();
    const editor = service(l);
    const original = await picture();
    await editor.start(PROJECT, original.id);
    await editor.dispose();
    const file = join(dir, PROJECT, 'editing', 'Harbour at dusk.png');
    const whileClosed = await png(9, 9, 200);
    await writeFile(file, whileClosed);

    const again = listeners();
    await service(again).resume();
    const saved = await again.savedNumber(1);
    expect(saved.pending.map((p) => p.asset.id)).toEqual([sha256(whileClosed)]);

    // Started a third time: the save is still waiting for the canvas, but it is not a new one.
    const third = listeners();
    const restarted = service(third);
    await restarted.resume();
    expect(third.saved).toEqual([]);
    expect((await restarted.session(PROJECT))?.pending).toHaveLength(1);
  });

  it('a new round trip never writes over the last working copy; stopping keeps the file and ends the record', async () => {
    const l = listeners();
    const editor = service(l);
    const original = await picture();
    await editor.start(PROJECT, original.id);
    await editor.start(PROJECT, original.id);
    expect((await readdir(join(dir, PROJECT, 'editing'))).filter((f) => f.endsWith('.png')).sort()).toEqual(['Harbour at dusk 2.png', 'Harbour at dusk.png']);
    expect(await editor.stop(PROJECT)).toBe(true);
    expect(await editor.session(PROJECT)).toBeNull();
    expect(await editor.stop(PROJECT)).toBe(false);
    expect((await readdir(join(dir, PROJECT, 'editing'))).sort()).toEqual(['Harbour at dusk 2.png', 'Harbour at dusk.png']);
  });

  it('an editor that opens layers gets the project as the layered file it prefers; the picture as it is when that cannot be made', async () => {
    const l = listeners();
    const asked: string[] = [];
    const layered = async (projectId: string, format: 'psd' | 'ora') => {
      asked.push(`${projectId} ${format}`);
      if (format === 'psd') throw new Error('no layers today');
      return { name: 'Harbour: series', bytes: new Uint8Array([1, 2, 3]) };
    };
    const editor = new EditorService({ projectsDir: dir, assets, choice: () => choice, now: () => 1, log: silent, stopped: () => undefined, layered, ...l.hooks });
    services.push(editor);
    const original = await picture();
    expect((await editor.start(PROJECT, original.id)).fileName).toBe('Harbour series.ora');
    expect([...(await readFile(join(dir, PROJECT, 'editing', 'Harbour series.ora')))]).toEqual([1, 2, 3]);
    choice = { kind: 'app', name: 'Photoshop', path: '/Applications/Adobe Photoshop 2025/Adobe Photoshop 2025.app' };
    expect((await editor.start(PROJECT, original.id)).fileName).toBe('Harbour at dusk.png');
    choice = { kind: 'system' };
    expect((await editor.start(PROJECT, original.id)).fileName).toBe('Harbour at dusk 2.png');
    expect(asked).toEqual([`${PROJECT} ora`, `${PROJECT} psd`]);
  });

  it('a layered save comes back as its composite, read by the layered-file intake (a PSD written by ImageMagick)', async () => {
    const l = listeners();
    const psd = (colour: string) => new Uint8Array(execFileSync('convert', ['-size', '8x6', `xc:${colour}`, 'psd:-']));
    const intake = new LayeredIntakeService((name, bytes) => assets.import(name, bytes));
    choice = { kind: 'app', name: 'Photoshop', path: '/opt/photoshop' };
    const editor = new EditorService({
      projectsDir: dir,
      assets: { ...assets, import: (name, bytes) => intake.import(name, bytes) },
      choice: () => choice,
      now: () => 1,
      log: silent,
      stopped: () => undefined,
      layered: async () => ({ name: 'Harbour', bytes: psd('#00aa00') }),
      watch: { stableMs: 100 },
      ...l.hooks,
    });
    services.push(editor);
    const original = await picture();
    expect((await editor.start(PROJECT, original.id)).fileName).toBe('Harbour.psd');
    await writeFile(join(dir, PROJECT, 'editing', 'Harbour.psd'), psd('#0000ff'));
    const [save] = (await l.savedNumber(1)).pending;
    expect([save?.asset.name, save?.asset.mime, save?.asset.width, save?.asset.height]).toEqual(['Harbour.png', 'image/png', 8, 6]);
    const { data } = await sharp(assets.stored.get(save!.asset.id)!).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0, 0, 255]);
  });

  it('a save that is not a picture says so in words and brings nothing back', async () => {
    const l = listeners();
    const editor = service(l);
    const original = await picture();
    await editor.start(PROJECT, original.id);
    await writeFile(join(dir, PROJECT, 'editing', 'Harbour at dusk.png'), 'not a picture');
    expect(await l.noteNumber(1)).toMatch(/^A save from Krita could not be read/);
    expect(l.saved).toEqual([]);
  });

  it('an editor that cannot be opened ends the round trip and says why', async () => {
    const l = listeners();
    const editor = new EditorService({ projectsDir: dir, assets, choice: () => choice, now: () => 1, log: silent, stopped: () => undefined, ...l.hooks, open: async () => 'No such file' });
    services.push(editor);
    const original = await picture();
    await expect(editor.start(PROJECT, original.id)).rejects.toThrow('Krita could not be opened: No such file');
    expect(await editor.session(PROJECT)).toBeNull();
  });

  it('refuses and notes in words the window says in its language, their English as before', async () => {
    const german = createText('de', await loadMessages('de'));
    const l = listeners();
    const failing = new EditorService({ projectsDir: dir, assets, choice: () => choice, now: () => 1, log: silent, stopped: () => undefined, ...l.hooks, open: async () => 'No such file' });
    services.push(failing);
    const original = await picture();
    const notOpened = await refusalOf(failing.start(PROJECT, original.id));
    expect(notOpened.message).toBe('Krita could not be opened: No such file');
    expect(say(german, notOpened.words, notOpened.message)).toBe('Krita konnte nicht geöffnet werden: No such file');
    const handlers = editorHandlers(failing, { settings: undefined as never, desktop: undefined as never, platform: 'linux', projectExists: async () => false });
    const gone = await refusalOf(handlers['editor.start']({ projectId: PROJECT, assetId: original.id }));
    expect(gone.message).toBe('That project no longer exists.');
    expect(say(german, gone.words, gone.message)).toBe('Dieses Projekt gibt es nicht mehr.');
  });

  it('notes a save it could not read in words the window says in its language', async () => {
    const german = createText('de', await loadMessages('de'));
    const l = listeners();
    const editor = service(l);
    const original = await picture();
    await editor.start(PROJECT, original.id);
    await writeFile(join(dir, PROJECT, 'editing', 'Harbour at dusk.png'), 'not a picture');
    const note = await l.noteNumber(1);
    expect(note).toMatch(/^A save from Krita could not be read/);
    expect(say(german, l.noteWords[0], note)).toMatch(/^Eine Speicherung aus Krita ließ sich nicht lesen/);
  });
});

describe('the system’s default app', () => {
  it('is named by the name the system gives it for the copy’s type, and is unnamed (null) when the system does not say; an old record reads as unnamed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gen-editor-'));
    const assets = memoryAssets();
    const asked: string[] = [];
    const names: Array<string | null> = ['Image Viewer', null];
    const l = listeners();
    const editor = new EditorService({
      projectsDir: dir, assets, choice: () => ({ kind: 'system' }), now: () => 1, log: silent, stopped: () => undefined, ...l.hooks,
      defaultAppFor: async (mime) => (asked.push(mime), names.shift() ?? null),
    });
    try {
      const original = await assets.import('Harbour.png', await png(10, 20, 30));
      expect((await editor.start(PROJECT, original.id)).editorName).toBe('Image Viewer');
      expect(asked).toEqual(['image/png']);
      expect((await editor.session(PROJECT))?.editorName).toBe('Image Viewer');
      expect((await editor.start(PROJECT, original.id)).editorName).toBeNull();
      const file = join(dir, PROJECT, 'editing', 'session.json');
      const record = JSON.parse(await readFile(file, 'utf8')) as { editor: { name: string } };
      await writeFile(file, JSON.stringify({ ...record, editor: { name: 'your default app', path: null } }));
      expect((await editor.session(PROJECT))?.editorName).toBeNull();
    } finally {
      await editor.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('known editors', () => {
  it('finds each known editor at the first usual place it is installed, per system', async () => {
    const installed = new Set(['C:\\Program Files\\Krita (x64)\\bin\\krita.exe', 'C:\\Program Files\\Adobe\\Adobe Photoshop 2024\\Photoshop.exe', '/usr/bin/gimp', '/snap/bin/gimp']);
    const isThere = async (p: string) => installed.has(p);
    expect(await findEditors('win32', isThere)).toEqual([
      { name: 'Krita', path: 'C:\\Program Files\\Krita (x64)\\bin\\krita.exe' },
      { name: 'Photoshop', path: 'C:\\Program Files\\Adobe\\Adobe Photoshop 2024\\Photoshop.exe' },
    ]);
    expect(await findEditors('linux', isThere)).toEqual([{ name: 'GIMP', path: '/usr/bin/gimp' }]);
    expect(await findEditors('darwin', isThere)).toEqual([]);
  });

  it('names a picked program as the artist knows it', () => {
    expect(editorNameOf('C:\\Program Files\\Krita (x64)\\bin\\krita.exe')).toBe('Krita');
    expect(editorNameOf('/Applications/Affinity Photo 2.app')).toBe('Affinity Photo');
    expect(editorNameOf('/opt/pinta/Pinta.AppImage')).toBe('Pinta');
  });
});
