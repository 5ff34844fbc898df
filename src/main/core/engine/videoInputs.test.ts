import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../shared/ipc/result';
import type { SandboxHandle } from '../../sandbox/api';
import { encodeMp4, startSandbox } from '../../sandbox/index';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';

/**
 * Video inputs by asset id, through the core as the renderer sends them: the body the service receives has the
 * catalog's shape, and a source clip that breaks a limit is refused before anything is sent, in words an artist reads.
 */

const KEY = 'sk-sandbox-video-inputs-4Q';
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

interface Setup {
  readonly sandbox: SandboxHandle;
  readonly fx: CoreFixture;
  /** Every body the core posted to a generation endpoint. */
  readonly posted: Array<{ url: string; body: Record<string, unknown> }>;
}

async function setup(): Promise<Setup> {
  const sandbox = await startSandbox({ timing: 'instant', keys: { [KEY]: { credits: 100_000 } } });
  cleanup.push(() => sandbox.close());
  const dir = await tempDir('video-inputs');
  cleanup.push(dir.remove);
  const posted: Setup['posted'] = [];
  const recording: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (init?.method === 'POST' && typeof init.body === 'string' && url.includes('/v1/')) posted.push({ url, body: JSON.parse(init.body) as Record<string, unknown> });
    return fetch(input, init);
  };
  const fx = await startCore({ dataDir: dir.path, secrets: new MemoryKeychain(), fetch: recording });
  cleanup.push(() => fx.core.dispose());
  await fx.ok('keys.add', {
    label: 'Test key',
    organization: 'Org',
    project: 'Project',
    secret: KEY,
    connection: { create: { label: 'Local sandbox', baseUrl: sandbox.baseUrl, regionalBaseUrl: sandbox.regionalBaseUrl, endpointWord: 'gen' } },
  });
  return { sandbox, fx, posted };
}

const clip = (seconds: number, width = 64, height = 64) => encodeMp4({ width, height, fps: 24, seconds, background: [30, 60, 120] });
const picture = async (colour: string) => new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).png().toBuffer());

async function until(pred: () => boolean): Promise<void> {
  for (let i = 0; i < 1500 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(pred()).toBe(true);
}

/** The refusal's messages, and proof nothing left: no submission at the service, no request posted. */
function expectRefused(s: Setup, result: IpcResult<unknown>, messages: string[]): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe('validation');
  expect(result.error.issues?.map((i) => i.msg)).toEqual(messages);
  expect(s.sandbox.submissions()).toEqual([]);
  expect(s.posted).toEqual([]);
}

describe('video inputs', () => {
  it('refuses a continuation from a clip longer than 15 s, saying its length, and sends nothing', async () => {
    const s = await setup();
    const source = await s.fx.ok('assets.import', { name: 'long.mp4', bytes: await clip(17.2) });
    const result = await s.fx.call('tasks.submit', { endpointId: 'gen-3-video', params: { mode: 'v2v', prompt: 'on', duration: 5 }, inputs: { video: { assetId: source.id } } });
    expectRefused(s, result, ['This clip is 17.2 s long; a continuation can start from at most 15 s.']);
  });

  it('refuses an upscale source over 20 s, over 50 MB or over 2560 × 1440, each in its own words, and sends nothing', async () => {
    const s = await setup();
    const long = await s.fx.ok('assets.import', { name: 'long.mp4', bytes: await clip(21) });
    const wide = await s.fx.ok('assets.import', { name: 'wide.mp4', bytes: await clip(1, 2592, 1440) });
    // A whole MP4 padded with a free box to exactly 51,000,000 bytes (the box is valid ISO BMFF the player skips);
    // the clip's own size (picture and sound) does not move the figure the message gives.
    const small = await clip(1);
    const padding = new Uint8Array(51_000_000 - small.length);
    new DataView(padding.buffer).setUint32(0, padding.length);
    padding.set(new TextEncoder().encode('free'), 4);
    const heavy = await s.fx.ok('assets.import', { name: 'heavy.mp4', bytes: concat(small, padding) });
    const upscale = (assetId: string) => s.fx.call('tasks.submit', { endpointId: 'video-upscale-v1', params: { upscale_factor: 2 }, inputs: { video: { assetId } } });
    expectRefused(s, await upscale(long.id), ['This clip is 21.0 s long; video upscaling takes at most 20 s.']);
    expectRefused(s, await upscale(heavy.id), ['This clip is 51.0 MB; video upscaling takes at most 50 MB.']);
    expectRefused(s, await upscale(wide.id), ['This clip is 2592 × 1440; video upscaling takes at most 2560 × 1440.']);
  });

  it('refuses an 11th keyframe, and a picture where a clip belongs, and sends nothing', async () => {
    const s = await setup();
    const image = await s.fx.ok('assets.import', { name: 'card.png', bytes: await picture('#c03030') });
    const keyframes = Array.from({ length: 11 }, (_, i) => ({ assetId: image.id, time: i }));
    expectRefused(s, await s.fx.call('tasks.submit', { endpointId: 'gen-3-video', params: { mode: 'i2v', prompt: 'cards', duration: 12 }, inputs: { keyframes } }), [
      'At most 10 keyframes can be pinned; this has 11.',
    ]);
    expectRefused(s, await s.fx.call('tasks.submit', { endpointId: 'gen-3-video', params: { mode: 'v2v', prompt: 'on', duration: 5 }, inputs: { video: { assetId: image.id } } }), [
      'This takes a video clip, not a picture.',
    ]);
  });

  it('sends a continuation’s source and the keyframes as the catalog shapes them: base64 of the stored files, times in seconds', async () => {
    const s = await setup();
    const bytes = await clip(2);
    const source = await s.fx.ok('assets.import', { name: 'walk.mp4', bytes });
    const red = await picture('#c03030');
    const green = await picture('#30c040');
    const a = await s.fx.ok('assets.import', { name: 'red.png', bytes: red });
    const b = await s.fx.ok('assets.import', { name: 'green.png', bytes: green });

    const v2v = await s.fx.ok('tasks.submit', { endpointId: 'gen-3-video', params: { mode: 'v2v', prompt: 'on', duration: 2, resolution: 'hd' }, inputs: { video: { assetId: source.id } } });
    const i2v = await s.fx.ok('tasks.submit', {
      endpointId: 'gen-3-video',
      params: { mode: 'i2v', prompt: 'cards', duration: 3, resolution: 'hd' },
      inputs: { keyframes: [{ assetId: a.id, time: 0.5 }, { assetId: b.id, time: 2.25 }] },
    });
    // What is checked is what was sent: waiting for the clips to be made too would only time the Sandbox's encoder.
    await until(() => s.posted.length === 2 && [v2v.id, i2v.id].every((id) => s.fx.tasks.get(id)?.remoteId));
    const [first, second] = s.posted;
    expect(first!.body).toEqual({ mode: 'v2v', prompt: 'on', duration: 2, resolution: 'hd', video: Buffer.from(bytes).toString('base64') });
    expect(second!.body.keyframes).toEqual([
      { image: Buffer.from(red).toString('base64'), time: 0.5 },
      { image: Buffer.from(green).toString('base64'), time: 2.25 },
    ]);
  });
});

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
