import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventChannel } from '../../../shared/ipc/define';
import { encodeMp4 } from '../../sandbox';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { tempDir } from '../testing/tempDir';

let dir: Awaited<ReturnType<typeof tempDir>>;
let fx: CoreFixture;

beforeEach(async () => {
  dir = await tempDir('video-assets');
  fx = await startCore({ dataDir: join(dir.path, 'data'), deps: { sandboxOptions: { timing: 'instant' } } });
});
afterEach(async () => {
  await fx.core.dispose();
  await dir.remove();
});

const until = async (pred: () => boolean) => {
  for (let i = 0; i < 1000 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(pred()).toBe(true);
};

describe('video through the IPC contract', () => {
  it('imports an MP4 dropped by the user, and refuses a cut-short one with its name', async () => {
    const clip = await encodeMp4({ width: 320, height: 192, fps: 24, seconds: 2, background: [30, 60, 120] });
    const asset = await fx.ok('assets.import', { name: 'walk.mp4', bytes: clip });
    expect(asset).toMatchObject({ kind: 'video', mime: 'video/mp4', seconds: 2, frames: 48, fps: 24, width: 320, height: 192, hasPoster: false });
    const cut = await fx.call('assets.import', { name: 'cut.mp4', bytes: clip.subarray(0, clip.length - 10) });
    expect(cut).toMatchObject({ ok: false, error: { code: 'bad-input', message: expect.stringContaining('“cut.mp4” is an incomplete or damaged MP4') } });
  });

  it('a video result takes a poster (every view hears it) and becomes an input asset with it', async () => {
    const task = await fx.ok('tasks.submit', { endpointId: 'gen-3-video', params: { prompt: 'waves', mode: 't2v', resolution: 'hd', duration: 1, seed: 3 }, inputs: {} });
    await until(() => fx.tasks.get(task.id)?.state === 'done');
    const result = await fx.ok('library.get', { id: fx.task(task.id).resultId! });
    expect(result).toMatchObject({ mime: 'video/mp4', thumbnailUrl: null });

    const frame = await sharp({ create: { width: 1280, height: 736, channels: 3, background: '#2050a0' } }).jpeg().toBuffer();
    const withPoster = await fx.ok('library.setPoster', { resultId: result.id, bytes: new Uint8Array(frame) });
    expect(withPoster.thumbnailUrl).toMatch(/result-thumb\//);
    expect(fx.events.some((e) => e.channel === eventChannel('library.updated') && (e.payload as { thumbnailUrl: string | null }).thumbnailUrl === withPoster.thumbnailUrl)).toBe(true);

    const asset = await fx.ok('assets.fromLibrary', { resultId: result.id });
    expect(asset).toMatchObject({ kind: 'video', width: 1280, height: 736, seconds: 1, frames: 24, fps: 24, hasPoster: true });
    expect(asset.thumbnailUrl).toMatch(new RegExp(`asset-poster/${asset.id}\\?v=`));
    // Named as the strip names the clip, not by its file with the model's id.
    expect(asset.name).toMatch(/^Gen 3 Video draft · 1 s · \d/);
    expect(asset.name).not.toContain('gen-3-video');

    const refused = await fx.call('assets.setPoster', { id: asset.id, bytes: new TextEncoder().encode('nope') });
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad-input', message: 'The poster frame is not a PNG, JPEG or WebP picture.' } });
  });
});
