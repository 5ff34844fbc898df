import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExifReader from 'exifreader';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input, type InputTrack } from 'mediabunny';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import type { LibraryItem } from '../../../shared/ipc/contract';
import { buildGenerationMetadata, parseGenerationMetadata } from '../../../shared/metadata/generationMetadata';
import { embedInResult } from '../library/metadata/embed';
import { encodeMp4 } from '../../sandbox';
import { createDispatcher } from '../../ipc/dispatcher';
import type { NativeDrag } from '../deps';
import { recordingDesktop, type RecordingDesktop } from '../desktop/nodeDesktop';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { tempDir } from '../testing/tempDir';

let dir: Awaited<ReturnType<typeof tempDir>>;
let desktop: RecordingDesktop;
let fx: CoreFixture;

const start = async () => startCore({ dataDir: join(dir.path, 'data'), deps: { sandboxOptions: { timing: 'instant' }, desktop } });

beforeEach(async () => {
  dir = await tempDir('gallery');
  desktop = recordingDesktop(join(dir.path, 'desktop'));
  fx = await start();
});
afterEach(async () => {
  await fx.core.dispose();
  await dir.remove();
});

const until = async (pred: () => boolean) => {
  for (let i = 0; i < 500 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(pred()).toBe(true);
};

async function generate(endpointId: string, params: Record<string, string | number>): Promise<LibraryItem> {
  const task = await fx.ok('tasks.submit', { endpointId, params, inputs: {} });
  await until(() => fx.tasks.get(task.id)?.state === 'done');
  return fx.ok('library.get', { id: fx.task(task.id).resultId! });
}

const pngText = (bytes: Uint8Array) => ExifReader.load(Buffer.from(bytes), { expanded: true }).pngText as Record<string, { description: string }>;
const xmpOf = (bytes: Uint8Array) => ExifReader.load(Buffer.from(bytes), { expanded: true }).xmp as Record<string, { description: string }>;
const params = { prompt: 'a lighthouse at dusk', width: 512, height: 384, seed: 42, output_format: 'png' };

describe('results carry their parameters, and leave through main', () => {
  it('the library file has the metadata, and the same request and seed give the same bytes', async () => {
    const first = await generate('gen-dev', params);
    const file = await readFile(join(dir.path, 'data', 'library', first.fileName));
    const metadata = parseGenerationMetadata(pngText(file).genstudio!.description)!;
    expect(metadata).toMatchObject({ endpoint: { id: 'gen-dev', release: 'snapshot' }, prompt: 'a lighthouse at dusk', seed: 42, width: 512, height: 384 });
    expect(metadata.params).toMatchObject(params);
    expect(pngText(file).parameters!.description).toMatch(/^a lighthouse at dusk\nSteps: \d+, CFG scale: [\d.]+, Seed: 42, Size: 512x384, Model: gen-dev/);

    const again = await generate('gen-dev', params);
    expect(again.id).not.toBe(first.id);
    expect(Buffer.compare(await readFile(join(dir.path, 'data', 'library', again.fileName)), file)).toBe(0);
  });

  it('saves as WebP and JPEG with a quality, the metadata read back by an independent reader', async () => {
    const item = await generate('gen-dev', params);
    for (const [format, ext] of [['webp', 'webp'], ['jpeg', 'jpg']] as const) {
      const saved = await fx.ok('library.export', { id: item.id, format, quality: 70 });
      expect(saved.fileName).toBe(item.fileName.replace(/\.png$/, `.${ext}`));
      const bytes = await readFile(join(dir.path, 'desktop', 'exports', saved.fileName!));
      expect((await sharp(bytes).metadata()).format).toBe(format);
      expect(parseGenerationMetadata(xmpOf(bytes).metadata!.description)).toMatchObject({ prompt: 'a lighthouse at dusk', seed: 42 });
      // UserComment is UTF-16 (big-endian) after its 8-byte character code; ExifReader leaves that text undecoded.
      const exif = ExifReader.load(bytes, { expanded: true }).exif as Record<string, { value: number[] }>;
      expect(Buffer.from(exif.UserComment!.value.slice(8)).swap16().toString('utf16le')).toContain('Seed: 42');
    }
    // Dropped back in, a saved file says how it was made.
    const exported = await readFile(join(dir.path, 'desktop', 'exports', item.fileName.replace(/\.png$/, '.webp')));
    const dropped = await fx.ok('library.readDropped', { name: 'x.webp', bytes: new Uint8Array(exported) });
    expect(dropped).toMatchObject({ kind: 'gen-studio', metadata: { endpoint: { id: 'gen-dev' }, prompt: 'a lighthouse at dusk', seed: 42 } });
  });

  it('a dropped file says which of its inputs are still stored, so the restore can say what it leaves empty', async () => {
    const stored = await fx.ok('assets.import', { name: 'photo.png', bytes: new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#357' } }).png().toBuffer()) });
    const gone = 'b'.repeat(64);
    const metadata = buildGenerationMetadata('0.1.0', {
      endpointId: 'gen-pro-1.0-fill',
      endpointTitle: 'Fill',
      release: 'snapshot',
      params: { prompt: 'a red door', seed: 3 },
      seed: 3,
      width: 64,
      height: 64,
      inputs: [
        { field: 'image', assetId: stored.id },
        { field: 'mask', assetId: gone },
      ],
    });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } }).png().toBuffer();
    const file = await embedInResult(new Uint8Array(png), 'png', { width: 64, height: 64 }, metadata);
    const dropped = await fx.ok('library.readDropped', { name: 'door.png', bytes: file });
    expect(dropped.kind === 'gen-studio' && dropped.inputs).toEqual([
      { field: 'image', assetId: stored.id, available: true },
      { field: 'mask', assetId: gone, available: false },
    ]);
    // Another tool's file: nothing of ours, said plainly.
    expect(await fx.ok('library.readDropped', { name: 'plain.png', bytes: new Uint8Array(png) })).toEqual({ kind: 'none' });
    // An empty file says so, not 'internal' (issue 23 point 7).
    expect(await fx.call('library.readDropped', { name: 'empty.png', bytes: new Uint8Array() })).toMatchObject({
      ok: false,
      error: { code: 'bad-input', message: '“empty.png” is empty: it holds no picture or clip to read.' },
    });
  });

  it('refuses in words the window says in the artist\'s language, the English message unchanged', async () => {
    const german = createText('de', await loadMessages('de'));
    const refused = async (answer: Promise<{ ok: boolean; error?: { message: string; words?: Parameters<typeof say>[1] } }>) => {
      const got = await answer;
      if (got.ok || !got.error) throw new Error('not refused');
      return got.error;
    };
    const clip = await encodeMp4({ width: 64, height: 64, fps: 24, seconds: 1, background: [0, 0, 0] });
    const cases = [
      [await refused(fx.call('library.readDropped', { name: 'empty.png', bytes: new Uint8Array() })), '“empty.png” is empty: it holds no picture or clip to read.'],
      [await refused(fx.call('library.readDropped', { name: 'cut.mp4', bytes: clip.subarray(0, Math.floor(clip.byteLength / 2)) })), '“cut.mp4” is an incomplete or damaged MP4: the file ends before the whole video is there.'],
      [await refused(fx.call('library.get', { id: 'gone' })), 'That result is no longer in the library.'],
      [await refused(fx.call('library.untrash', { id: 'gone' })), 'That result has already gone to the trash; restore it from your system’s trash.'],
    ] as const;
    for (const [failure, english] of cases) {
      expect(failure.message).toBe(english);
      expect(failure.words, english).toBeDefined();
      expect(say(german, failure.words, failure.message)).not.toBe(english);
    }
    const [empty] = cases[0];
    expect(say(german, empty.words, empty.message)).toBe('„empty.png“ ist leer: Es enthält kein Bild und keinen Clip zum Lesen.');
  });

  it('copies a picture to the clipboard as PNG, and says why a video cannot be', async () => {
    const item = await generate('gen-dev', params);
    await fx.ok('library.copy', { id: item.id });
    const clip = await readFile(join(dir.path, 'desktop', 'clipboard.png'));
    expect(await sharp(clip).metadata()).toMatchObject({ format: 'png', width: 512, height: 384 });
  });

  it('a drag starts with the library file and a non-empty icon; the renderer gets no path', async () => {
    const item = await generate('gen-dev', params);
    const drags: NativeDrag[] = [];
    const dispatcher = createDispatcher(fx.core.handlers, () => true, fx.core.log);
    const sender = { url: 'app://gen-studio/index.html', isMainFrame: true, startDrag: (d: NativeDrag) => drags.push(d) };
    const answer = await dispatcher.dispatch('library.startDrag', { id: item.id }, sender);
    expect(answer).toEqual({ ok: true, value: { started: true } });
    expect(drags).toHaveLength(1);
    expect(drags[0]!.file).toBe(join(dir.path, 'data', 'library', item.fileName));
    expect((await stat(drags[0]!.file)).isFile()).toBe(true);
    expect(await sharp(drags[0]!.icon).metadata()).toMatchObject({ format: 'png', width: 96, height: 72 });
    // Without a window to drag from, nothing starts and the call says so.
    expect(await fx.call('library.startDrag', { id: item.id })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
  });

  it('a video drags out as its MP4, with a film icon', async () => {
    const task = await fx.ok('tasks.submit', { endpointId: 'gen-3-video', params: { mode: 't2v', prompt: 'waves', duration: 2, resolution: 'hd' }, inputs: {} });
    await until(() => ['done', 'failed'].includes(fx.tasks.get(task.id)?.state ?? ''));
    const item = await fx.ok('library.get', { id: fx.task(task.id).resultId! });
    expect(item).toMatchObject({ mime: 'video/mp4', seconds: 2 });
    const drags: NativeDrag[] = [];
    const dispatcher = createDispatcher(fx.core.handlers, () => true, fx.core.log);
    await dispatcher.dispatch('library.startDrag', { id: item.id }, { url: 'app://gen-studio/', isMainFrame: true, startDrag: (d: NativeDrag) => drags.push(d) });
    // Exactly the library's MP4, whole: what the other application receives is the video itself.
    expect(drags).toHaveLength(1);
    expect(drags[0]!.file).toBe(join(dir.path, 'data', 'library', item.fileName));
    expect(item.fileName.endsWith('.mp4')).toBe(true);
    const mp4 = await readFile(drags[0]!.file);
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(mp4.length).toBe(item.bytes);
    expect((await sharp(drags[0]!.icon).metadata()).format).toBe('png');
    expect(await fx.call('library.copy', { id: item.id })).toMatchObject({ ok: false, error: { message: expect.stringContaining('drag it out') } });
  });

  it('a video saves as a whole MP4, its packets untouched, with the parameters in its tags; a foreign file is copied as it is', async () => {
    const task = await fx.ok('tasks.submit', { endpointId: 'gen-3-video', params: { mode: 't2v', prompt: 'waves at night', duration: 2, resolution: 'hd', seed: 7 }, inputs: {} });
    await until(() => ['done', 'failed'].includes(fx.tasks.get(task.id)?.state ?? ''));
    const item = await fx.ok('library.get', { id: fx.task(task.id).resultId! });
    expect(item.mime).toBe('video/mp4');
    // A picture format is refused for a video, and MP4 for a picture, each said plainly.
    expect(await fx.call('library.export', { id: item.id, format: 'png', quality: 90 })).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringContaining('MP4') } });
    const picture = await generate('gen-dev', params);
    expect(await fx.call('library.export', { id: picture.id, format: 'mp4', quality: 90 })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });

    const saved = await fx.ok('library.export', { id: item.id, format: 'mp4', quality: 90 });
    expect(saved).toEqual({ saved: true, fileName: item.fileName });
    const original = await readFile(join(dir.path, 'data', 'library', item.fileName));
    const exported = await readFile(join(dir.path, 'desktop', 'exports', saved.fileName!));

    const open = (bytes: Uint8Array) => new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
    const packets = async (track: InputTrack) => {
      const all: Array<{ timestamp: number; duration: number; type: string; data: string }> = [];
      for await (const p of new EncodedPacketSink(track).packets()) all.push({ timestamp: p.timestamp, duration: p.duration, type: p.type, data: Buffer.from(p.data).toString('base64') });
      return all;
    };
    const [before, after] = [open(original), open(exported)];
    expect(await after.getFormat()).toBe(await before.getFormat());
    expect((await after.getFormat()).name).toBe('MP4');
    expect(await after.computeDuration()).toBeCloseTo(await before.computeDuration(), 3);
    const [tracksBefore, tracksAfter] = [await before.getTracks(), await after.getTracks()];
    expect(tracksAfter.map((t) => t.type)).toEqual(['video', 'audio']);
    expect(tracksAfter.map((t) => t.type)).toEqual(tracksBefore.map((t) => t.type));
    for (const [i, t] of tracksAfter.entries()) {
      expect(await t.getCodecParameterString()).toBe(await tracksBefore[i]!.getCodecParameterString());
      expect(await packets(t)).toEqual(await packets(tracksBefore[i]!));
    }
    // The export carries the parameters, as the library's own file already does.
    for (const file of [after, before]) {
      const tags = await file.getMetadataTags();
      expect(tags.title).toBe('waves at night');
      expect(parseGenerationMetadata(tags.comment!)).toMatchObject({ endpoint: { id: 'gen-3-video' }, prompt: 'waves at night', seed: 7, params: { mode: 't2v', duration: 2 } });
    }
    before.dispose();
    after.dispose();

    // A file mediabunny cannot read leaves as it is, and the answer says its parameters are not inside.
    const foreign = new Uint8Array(await encodeMp4({ width: 64, height: 64, fps: 24, seconds: 1, background: [0, 0, 0] })).subarray(0, 200);
    await writeFile(join(dir.path, 'data', 'library', item.fileName), foreign);
    const copied = await fx.ok('library.export', { id: item.id, format: 'mp4', quality: 90 });
    expect(copied.message).toMatch(/copied as it is, without the parameters/);
    expect(Buffer.compare(await readFile(join(dir.path, 'desktop', 'exports', copied.fileName!)), Buffer.from(foreign))).toBe(0);
  });

  it('a result keeps the project it was made in and its place among one Generate’s variations', async () => {
    const tasks = await fx.ok('tasks.submitGroup', { request: { endpointId: 'gen-dev', params: { prompt: 'three boats', width: 256, height: 256 }, inputs: {} }, count: 3, projectId: 'poster-project-1' });
    await until(() => tasks.every((t) => fx.tasks.get(t.id)?.state === 'done'));
    const items = await Promise.all(tasks.map((t) => fx.ok('library.get', { id: fx.task(t.id).resultId! })));
    expect(items.map((i) => i.projectId)).toEqual(['poster-project-1', 'poster-project-1', 'poster-project-1']);
    expect(new Set(items.map((i) => i.group?.id)).size).toBe(1);
    expect(items.map((i) => [i.group?.index, i.group?.count])).toEqual([[0, 3], [1, 3], [2, 3]]);
    // Read again from the sidecars (the index set aside), as after a lost index.
    await fx.core.dispose();
    await rm(join(dir.path, 'data', 'library', '.index.jsonl'));
    fx = await start();
    expect((await fx.ok('library.get', { id: items[1]!.id })).group).toEqual(items[1]!.group);
    // A result from before these were kept has neither.
    const loose = await generate('gen-dev', params);
    expect(loose).toMatchObject({ projectId: null, group: null });
  });

  it('star, delete and undo; deleted results go to the OS trash when the app closes, not unlinked', async () => {
    const kept = await generate('gen-dev', params);
    const gone = await generate('gen-dev', { ...params, prompt: 'a red fox', seed: 7 });
    expect((await fx.ok('library.mark', { id: kept.id, starred: true })).starred).toBe(true);

    await fx.ok('library.trash', { id: gone.id });
    expect(((await fx.ok('library.page', { offset: 0, limit: 500 })).items).map((i) => i.id)).toEqual([kept.id]);
    expect((await fx.ok('library.untrash', { id: gone.id })).id).toBe(gone.id);
    expect(((await fx.ok('library.page', { offset: 0, limit: 500 })).items).map((i) => i.id).sort()).toEqual([kept.id, gone.id].sort());

    await fx.ok('library.trash', { id: gone.id });
    await fx.core.dispose();
    const library = await readdir(join(dir.path, 'data', 'library'));
    expect(library).not.toContain(gone.fileName);
    expect(await readdir(join(dir.path, 'desktop', 'trash'))).toEqual(expect.arrayContaining([gone.fileName, gone.fileName.replace(/\.png$/, '.json')]));
    expect(desktop.calls.filter((c) => c.call === 'trashItem')).toHaveLength(3);

    fx = await start();
    const after = (await fx.ok('library.page', { offset: 0, limit: 500 })).items;
    expect(after.map((i) => [i.id, i.starred])).toEqual([[kept.id, true]]);
  });
});
