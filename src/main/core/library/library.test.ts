import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { MediaRegistry } from '../media';
import { NoticeBoard } from '../notices/noticeBoard';
import { downloaded } from '../testing/downloaded';
import { tempDir } from '../testing/tempDir';
import { BadResult } from './inspect';
import { Library, type SaveRequest } from './library';
import { encodeMp4 } from '../../sandbox';
import { paddedMp4 } from '../../../shared/media/testing/paddedMp4';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';

let dir: Awaited<ReturnType<typeof tempDir>>;
let notices: NoticeBoard;
let media: MediaRegistry;
beforeEach(async () => {
  dir = await tempDir('library');
  notices = new NoticeBoard({ now: () => 0 });
  media = new MediaRegistry('gen-media://m/');
});
afterEach(() => dir.remove());

const open = () => Library.open({ dataDir: dir.path, media, notices, log: silentLogger, now: () => Date.UTC(2026, 0, 14, 12) });
const jpeg = (w = 320, h = 200) => sharp({ create: { width: w, height: h, channels: 3, background: '#4070c0' } }).jpeg().toBuffer();

async function request(taskId: string, bytes?: Uint8Array): Promise<SaveRequest> {
  return {
    id: taskId,
    file: await downloaded(dir.path, bytes ?? (await jpeg())),
    endpointId: 'gen-dev',
    params: { prompt: 'a lighthouse', width: 320, height: 200, seed: 7 },
    inputs: [{ field: 'image_prompt', assetId: 'a'.repeat(64) }],
    seed: 7,
    cost: 1.1,
    settledCost: null,
    inputMp: 0,
    outputMp: 0.06,
    remoteTaskId: `remote-${taskId}`,
    connectionLabel: 'Sandbox',
    createdAt: Date.UTC(2026, 0, 14, 11),
    submittedAt: Date.UTC(2026, 0, 14, 11, 0, 1),
    readyAt: Date.UTC(2026, 0, 14, 11, 0, 4),
    projectId: null,
    group: null,
  };
}

const libDir = () => join(dir.path, 'library');

describe('the library', () => {
  it('saves a result as its file and a sidecar, serves it by address, and keeps it across a restart', async () => {
    const library = await open();
    const item = await library.save(await request('11111111-aaaa-bbbb-cccc-000000000001'));
    expect(item).toMatchObject({ mime: 'image/jpeg', width: 320, height: 200, endpointId: 'gen-dev', release: 'snapshot', seed: 7, cost: 1.1, metadataLost: false });
    expect(item.fileName).toBe('2026-01-14_gen-dev_11111111.jpg');
    expect(item.url).toBe(`gen-media://m/result/${item.id}`);
    const sidecar = JSON.parse(await readFile(join(libDir(), '2026-01-14_gen-dev_11111111.json'), 'utf8'));
    expect(sidecar).toMatchObject({ version: 2, endpointId: 'gen-dev', release: 'snapshot', params: { prompt: 'a lighthouse' }, inputs: [{ assetId: 'a'.repeat(64) }], remoteTaskId: 'remote-11111111-aaaa-bbbb-cccc-000000000001' });
    expect((await media.resolve(`result/${item.id}`))?.file).toBe(join(libDir(), item.fileName));
    expect((await media.resolve(`result-thumb/${item.id}`))?.mime).toBe('image/webp');

    const again = await open();
    expect(again.list().map((i) => i.id)).toEqual([item.id]);
  });

  it('tells of a filed result only once its preview is on disk at the strip’s size, served at the address it names', async () => {
    const lib = await open();
    const id = '5a5a5a5a-1111-4222-8333-444444444444';
    const heard: Array<{ thumbnailUrl: string | null; preview: Buffer | null }> = [];
    lib.onAdded((item) => {
      // Read at the very moment the renderer is told: the strip shows this address at once.
      const preview = existsSync(join(libDir(), '.thumbs', `${id}.webp`)) ? readFileSync(join(libDir(), '.thumbs', `${id}.webp`)) : null;
      heard.push({ thumbnailUrl: item.thumbnailUrl, preview });
    });
    await lib.save(await request(id, await jpeg(1600, 1000)));
    expect(heard).toHaveLength(1);
    expect(heard[0]!.thumbnailUrl).toBe(`gen-media://m/result-thumb/${id}`);
    expect(await sharp(heard[0]!.preview!).metadata()).toMatchObject({ format: 'webp', width: 320, height: 200 });
    expect((await media.resolve(`result-thumb/${id}`))?.file).toBe(join(libDir(), '.thumbs', `${id}.webp`));
  });

  it('saves a task’s result once, however often it is asked to', async () => {
    const library = await open();
    const r = await request('22222222-aaaa-bbbb-cccc-000000000002');
    await library.save(r);
    await library.save(r);
    expect(library.list()).toHaveLength(1);
    expect((await readdir(libDir())).filter((n) => n.endsWith('.jpg'))).toHaveLength(1);
  });

  it('refuses a result that does not decode', async () => {
    const library = await open();
    const whole = await jpeg(800, 600);
    await expect(library.save(await request('33333333-aaaa-bbbb-cccc-000000000003', whole.subarray(0, whole.length / 2)))).rejects.toBeInstanceOf(BadResult);
    await expect(library.save(await request('33333333-aaaa-bbbb-cccc-000000000003', new TextEncoder().encode('<Error>expired</Error>')))).rejects.toBeInstanceOf(BadResult);
    expect(library.list()).toEqual([]);
  });

  it('refuses a video cut short in words, which the window says in the artist’s language', async () => {
    const library = await open();
    const whole = paddedMp4(10);
    const refused = await library.save(await request('66666666-aaaa-bbbb-cccc-000000000006', whole.subarray(0, whole.length - 100))).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BadResult);
    const bad = refused as BadResult;
    expect(bad).toMatchObject({ refetch: true, message: 'The video is incomplete or damaged: the file ends before the whole video is there.' });
    expect(say(createText('de', await loadMessages('de')), bad.words, bad.message)).toBe('Das Video ist unvollständig oder beschädigt: Die Datei endet, bevor das ganze Video darin ist.');
    expect(library.list()).toEqual([]);
  });

  it('rebuilds a lost or damaged index from the sidecars', async () => {
    const library = await open();
    await library.save(await request('44444444-aaaa-bbbb-cccc-000000000004'));
    await library.save(await request('55555555-aaaa-bbbb-cccc-000000000005'));
    await rm(join(libDir(), '.index.jsonl'));
    expect((await open()).list()).toHaveLength(2);
    await writeFile(join(libDir(), '.index.jsonl'), '{"put":{"version":1,"entr');
    expect((await open()).list()).toHaveLength(2);
  });

  it('adopts a result whose sidecar was written just before a crash, before the index', async () => {
    const library = await open();
    await library.save(await request('66666666-aaaa-bbbb-cccc-000000000006'));
    const index = await readFile(join(libDir(), '.index.jsonl'), 'utf8');
    await library.save(await request('77777777-aaaa-bbbb-cccc-000000000007'));
    await writeFile(join(libDir(), '.index.jsonl'), index);
    expect((await open()).list()).toHaveLength(2);
  });

  it('sets a damaged sidecar aside with a notice and keeps showing the file', async () => {
    const library = await open();
    const item = await library.save(await request('88888888-aaaa-bbbb-cccc-000000000008'));
    await rm(join(libDir(), '.index.jsonl'));
    await writeFile(join(libDir(), item.fileName.replace('.jpg', '.json')), '{"version": 1, "id": ');
    const reopened = await open();
    expect(reopened.list()).toMatchObject([{ fileName: item.fileName, metadataLost: true, mime: 'image/jpeg' }]);
    expect(notices.list()[0]?.message).toMatch(/could not be read; they were set aside.*file itself is kept/);
    expect(await readdir(join(libDir(), '.set-aside'))).toHaveLength(1);
    expect(await media.resolve(`result/${reopened.list()[0]!.id}`)).toBeDefined();
  });

  it('adopts a result file left without its sidecar (a crash between the two), and leaves one that does not decode', async () => {
    const saved = await request('22222222-aaaa-bbbb-cccc-000000000002');
    await open();
    // The crash: the file is on disk, nothing after it.
    await writeFile(join(libDir(), '2026-01-14_gen-dev_22222222.jpg'), await readFile(saved.file));
    const library = await open();
    expect(library.list()).toEqual([]);
    const { file: _file, ...meta } = saved;
    const item = await library.recover(meta);
    expect(item).toMatchObject({ id: saved.id, fileName: '2026-01-14_gen-dev_22222222.jpg', width: 320, height: 200, cost: 1.1, metadataLost: false });
    expect(JSON.parse(await readFile(join(libDir(), '2026-01-14_gen-dev_22222222.json'), 'utf8'))).toMatchObject({ version: 2, id: saved.id, remoteTaskId: `remote-${saved.id}` });
    expect((await open()).list().map((i) => i.id)).toEqual([saved.id]);

    // Cut short while being written (not atomically, by something else): not adopted, so it is fetched again.
    const cut = await request('33333333-aaaa-bbbb-cccc-000000000003');
    await writeFile(join(libDir(), '2026-01-14_gen-dev_33333333.jpg'), (await readFile(cut.file)).subarray(0, 300));
    const { file: _cut, ...cutMeta } = cut;
    expect(await library.recover(cutMeta)).toBeUndefined();
    expect(await library.recover({ ...cutMeta, id: '44444444-aaaa-bbbb-cccc-000000000004' })).toBeUndefined();
  });

  describe('a sidecar edited by hand (files on disk are input too)', () => {
    const sidecarPath = (fileName: string) => join(libDir(), fileName.replace(/\.\w+$/, '.json'));
    async function tamper(fileName: string, change: Record<string, unknown>, alsoIndex: boolean): Promise<void> {
      const sidecar = JSON.parse(await readFile(sidecarPath(fileName), 'utf8')) as Record<string, unknown>;
      await writeFile(sidecarPath(fileName), JSON.stringify({ ...sidecar, ...change }));
      if (!alsoIndex) return rm(join(libDir(), '.index.jsonl'), { force: true });
      const lines = (await readFile(join(libDir(), '.index.jsonl'), 'utf8')).split('\n').filter(Boolean);
      const edited = lines.map((l) => JSON.parse(l) as { put: Record<string, unknown> }).map((l) => JSON.stringify({ put: { ...l.put, ...change } }));
      await writeFile(join(libDir(), '.index.jsonl'), `${edited.join('\n')}\n`);
    }

    for (const [what, path] of [
      ['an absolute path', () => join(dir.path, 'outside.png')],
      ['a path out of the folder', () => '../outside.png'],
      ['a file in a subfolder', () => '.thumbs/outside.png'],
    ] as const) {
      for (const alsoIndex of [false, true]) {
        it(`never serves or imports a file named by ${what}${alsoIndex ? ' (index edited too)' : ''}`, async () => {
          const outside = await sharp({ create: { width: 9, height: 9, channels: 3, background: '#ff0000' } }).png().toBuffer();
          const item = await (await open()).save(await request('99999999-aaaa-bbbb-cccc-000000000009'));
          await writeFile(join(dir.path, 'outside.png'), outside);
          await writeFile(join(libDir(), '.thumbs', 'outside.png'), outside);
          await tamper(item.fileName, { fileName: path() }, alsoIndex);

          const reopened = await open();
          // The sidecar is set aside; the library's own file is still shown, and it is what is served.
          expect(reopened.list()).toMatchObject([{ fileName: item.fileName, metadataLost: true }]);
          expect(notices.list().map((n) => n.message).join()).toMatch(/could not be read; they were set aside/);
          for (const listed of reopened.list()) {
            const served = await media.resolve(`result/${listed.id}`);
            expect(served?.file).toBe(join(libDir(), item.fileName));
            const { name, bytes } = await reopened.bytesOf(listed.id);
            expect(name).toBe(item.fileName);
            expect(Buffer.compare(Buffer.from(bytes), outside)).not.toBe(0);
          }
          await expect(reopened.bytesOf(item.id)).rejects.toThrow(/no longer in the library/);
        });
      }
    }

    it('sets aside a sidecar that names another result’s file or a type the library does not keep', async () => {
      const library = await open();
      const a = await library.save(await request('aaaaaaaa-aaaa-bbbb-cccc-00000000000a'));
      const b = await library.save(await request('bbbbbbbb-aaaa-bbbb-cccc-00000000000b'));
      await tamper(b.fileName, { fileName: a.fileName }, false);
      await tamper(a.fileName, { mime: 'text/html' }, false);
      const reopened = await open();
      expect(reopened.list().map((i) => [i.fileName, i.metadataLost]).sort()).toEqual([
        [a.fileName, true],
        [b.fileName, true],
      ]);
      expect(await readdir(join(libDir(), '.set-aside'))).toHaveLength(2);
    });

    it('serves a result as what its content is, never as what its sidecar says, and nothing through a link', async () => {
      const library = await open();
      const item = await library.save(await request('cccccccc-aaaa-bbbb-cccc-00000000000c'));
      await tamper(item.fileName, { mime: 'image/png' }, true);
      const reopened = await open();
      expect((await media.resolve(`result/${item.id}`))?.mime).toBe('image/jpeg');

      // The file replaced by a page: not an image or video, so not served at all.
      await writeFile(join(libDir(), item.fileName), '<html><script>alert(1)</script></html>');
      expect(await media.resolve(`result/${item.id}`)).toBeUndefined();

      // The file replaced by a link out of the folder, to an image: neither served nor imported.
      await rm(join(libDir(), item.fileName));
      await writeFile(join(dir.path, 'outside.png'), await sharp({ create: { width: 9, height: 9, channels: 3, background: '#ff0000' } }).png().toBuffer());
      await symlink(join(dir.path, 'outside.png'), join(libDir(), item.fileName));
      expect(await media.resolve(`result/${item.id}`)).toBeUndefined();
      await expect(reopened.bytesOf(item.id)).rejects.toThrow(/missing from the library folder/);
    });
  });
});

describe('video results', () => {
  it('have no preview until a poster is stored; then serve it from a new address, tell every view, and keep it across a restart', async () => {
    const library = await open();
    const changes: string[] = [];
    library.onChanged((c) => changes.push(c.kind === 'updated' ? `updated ${c.item.thumbnailUrl ?? 'null'}` : c.kind));
    const clip = await encodeMp4({ width: 320, height: 192, fps: 24, seconds: 1, background: [20, 40, 160] });
    const item = await library.save({ ...(await request('22222222-aaaa-bbbb-cccc-000000000002', clip)), endpointId: 'gen-3-video' });
    expect(item).toMatchObject({ mime: 'video/mp4', thumbnailUrl: null, seconds: 1 });
    expect(await media.resolve(`result-thumb/${item.id}`)).toBeUndefined();
    expect(await library.posterOf(item.id)).toBeNull();

    const frame = await sharp({ create: { width: 320, height: 192, channels: 3, background: '#1428a0' } }).png().toBuffer();
    const withPoster = await library.setPoster(item.id, frame);
    expect(withPoster.thumbnailUrl).toMatch(new RegExp(`^gen-media://m/result-thumb/${item.id}\\?v=[a-f0-9]+$`));
    expect(changes).toEqual([`updated ${withPoster.thumbnailUrl}`]);
    const served = (await media.resolve(`result-thumb/${item.id}`))!;
    expect(served.mime).toBe('image/webp');
    expect((await sharp(served.file).metadata()).width).toBe(320);
    expect(library.pathsOf(item.id).thumbnail).toBe(served.file);
    expect(await library.posterOf(item.id)).toBeInstanceOf(Uint8Array);

    const again = await open();
    expect(again.get(item.id).thumbnailUrl).toMatch(new RegExp(`^gen-media://m/result-thumb/${item.id}\\?v=`));
  });

  it('file the clip with how it was made in its tags, the packets copied as they came', async () => {
    const library = await open();
    const clip = await encodeMp4({ width: 320, height: 192, fps: 24, seconds: 1, background: [20, 40, 160] });
    const item = await library.save({ ...(await request('55555555-aaaa-bbbb-cccc-000000000005', clip)), endpointId: 'gen-3-video' });
    const filed = new Uint8Array(await readFile(library.pathsOf(item.id).file));
    const packets = async (bytes: Uint8Array) => {
      const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
      const track = (await input.getPrimaryVideoTrack())!;
      const sink = new EncodedPacketSink(track);
      const out: string[] = [];
      for await (const p of sink.packets()) out.push(`${p.timestamp}:${Buffer.from(p.data).toString('base64')}`);
      return { out, tags: await input.getMetadataTags() };
    };
    const [original, saved] = await Promise.all([packets(clip), packets(filed)]);
    expect(saved.out).toEqual(original.out);
    expect(JSON.parse(saved.tags.comment!)).toMatchObject({ prompt: 'a lighthouse', seed: 7, endpoint: { id: 'gen-3-video' } });
    expect(saved.tags.title).toBe('a lighthouse');
    expect(item.bytes).toBe(filed.byteLength);
  });

  it('refuses a poster for a picture result, and a poster that is not a picture', async () => {
    const library = await open();
    const picture = await library.save(await request('33333333-aaaa-bbbb-cccc-000000000003'));
    const frame = await jpeg();
    await expect(library.setPoster(picture.id, frame)).rejects.toMatchObject({ code: 'bad-input', message: 'That result is a picture; only a video takes a poster frame.' });
    const clip = await encodeMp4({ width: 320, height: 192, fps: 24, seconds: 1, background: [20, 40, 160] });
    const video = await library.save({ ...(await request('44444444-aaaa-bbbb-cccc-000000000004', clip)), endpointId: 'gen-3-video' });
    await expect(library.setPoster(video.id, clip)).rejects.toMatchObject({ message: 'The poster frame is not a PNG, JPEG or WebP picture.' });
    expect(library.get(video.id).thumbnailUrl).toBeNull();
  });
});
