import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { advanceUntil, FakeClock } from '../testing/fakeClock';
import { BASE, FakeService } from '../testing/fakeService';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';
import type * as Policy from './policy';

// Issue 30, point 16: a result is streamed to disk with its size counted as it arrives, and one Gen Studio
// refuses (too large, not a picture or video) is fetched once, not again, with a notice in words.
const LIMIT = 4 * 1024 * 1024;
vi.mock('./policy', async (original) => ({ ...(await original<typeof Policy>()), MAX_RESULT_BYTES: 4 * 1024 * 1024 }));

const CHUNK = 64 * 1024;

/** A body of `total` bytes starting with `head`, handed out one chunk per read: `served` counts what went out. */
function served(total: number, head: Uint8Array) {
  const count = { served: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (count.served >= total) return controller.close();
        const chunk = new Uint8Array(Math.min(CHUNK, total - count.served));
        if (count.served === 0) chunk.set(head.subarray(0, chunk.length));
        else if (count.served < head.length) chunk.set(head.subarray(count.served, count.served + chunk.length));
        count.served += chunk.length;
        controller.enqueue(chunk);
      },
      cancel() {
        count.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { count, body };
}

let dir: Awaited<ReturnType<typeof tempDir>>;
let clock: FakeClock;
let service: FakeService;
let fx: CoreFixture;

beforeEach(async () => {
  dir = await tempDir('result-download');
  clock = new FakeClock();
  service = new FakeService(() => clock.now());
  fx = await startCore({ dataDir: dir.path, fetch: service.fetch, clock, secrets: new MemoryKeychain() });
  await fx.ok('keys.add', {
    label: 'Studio',
    organization: 'Acme',
    project: 'Pictures',
    secret: 'sk-result-download-key-9Q2W',
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
});
afterEach(async () => {
  await fx.core.dispose();
  await dir.remove();
});

const libraryDir = () => join(dir.path, 'library');
const notices = async () => (await fx.ok('app.notices')).map((n) => n.message);

async function generate(prompt: string, end: 'done' | 'failed') {
  const task = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt } as never, inputs: {} });
  await advanceUntil(clock, () => fx.tasks.get(task.id)?.state === end, { describe: () => JSON.stringify(fx.tasks.get(task.id)) });
  return fx.task(task.id);
}

describe('a result as it is downloaded', () => {
  it('larger than the limit, with no length declared: stopped after about the limit, fetched once, deleted, and said in words', async () => {
    const jpegStart = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    const big = served(64 * LIMIT, jpegStart);
    service.download = () => ({ kind: 'stream', status: 200, body: big.body });

    const failed = await generate('a very large picture', 'failed');
    expect(failed.error).toMatchObject({ code: 'bad-result' });
    expect(failed.error?.message).toMatch(/larger than 4 MB, more than Gen Studio keeps: the download was stopped there/);
    expect(service.downloads()).toHaveLength(1);
    expect(big.count.served).toBeGreaterThan(LIMIT);
    expect(big.count.served).toBeLessThanOrEqual(LIMIT + 2 * CHUNK);
    expect(big.count.cancelled).toBe(true);
    expect(await notices()).toContainEqual(expect.stringMatching(/^A result was not kept\. The result is larger than 4 MB/));
    // Nothing of it is left: no partial file, no result.
    expect((await readdir(libraryDir())).filter((n) => !n.startsWith('.') || n.endsWith('.tmp'))).toEqual([]);
    expect((await fx.ok('library.page', { offset: 0, limit: 10 })).total).toBe(0);
  });

  it('not a picture or video (a web page): stopped at its first bytes and fetched once', async () => {
    const page = served(LIMIT / 2, new TextEncoder().encode('<!doctype html><html><body>Access denied'));
    service.download = () => ({ kind: 'stream', status: 200, body: page.body, headers: { 'content-type': 'text/html' } });

    const failed = await generate('a page instead of a picture', 'failed');
    expect(failed.error?.message).toMatch(/not a picture or video Gen Studio can read/);
    expect(service.downloads()).toHaveLength(1);
    expect(page.count.served).toBeLessThanOrEqual(CHUNK);
    expect(await notices()).toContainEqual(expect.stringMatching(/^A result was not kept\. The result is not a picture or video/));
  });

  it('of a normal size: lands byte for byte as served, through many reads', async () => {
    // A TIFF is filed as it came (no metadata is written into one), so the file must be exactly what was served.
    const pixels = Buffer.alloc(700 * 500 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
    const tiff = new Uint8Array(await sharp(pixels, { raw: { width: 700, height: 500, channels: 3 } }).tiff({ compression: 'none' }).toBuffer());
    expect(tiff.length).toBeGreaterThan(16 * CHUNK);
    const body = served(tiff.length, tiff);
    service.download = () => ({ kind: 'stream', status: 200, body: body.body });

    const done = await generate('a picture of a normal size', 'done');
    expect(service.downloads()).toHaveLength(1);
    const item = await fx.ok('library.get', { id: done.resultId! });
    expect(Buffer.compare(await readFile(join(libraryDir(), item.fileName)), tiff)).toBe(0);
    expect((await readdir(libraryDir())).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
