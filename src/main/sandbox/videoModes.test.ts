import { describe, expect, it } from 'vitest';
import { endpointPath, getEndpoint } from '../../shared/catalog/catalog';
import type { JsonValue } from '../../shared/catalog/field';
import { AsyncResponseSchema, moderationReasons, type PollingResult } from '../../shared/catalog/responses';
import { readMp4Info } from '../../shared/media/mp4';
import { sandboxPerFile, sandboxPerTest } from './testing/lifecycle';
import { solidPng } from './testing/media';
import { webhookReceiver } from './testing/receiver';
import { sampleVideo, videoBase64 } from './testing/video';
import { lastFrameOf, readOwnClip } from './video/decodeOwn';
import { clonePlanes, createPlanes, scalePlanes, type Planes } from './video/yuv';

/** The first `n` frames of one of the Sandbox's clips, decoded. */
async function firstFrames(bytes: Buffer, n: number): Promise<Planes[]> {
  const clip = await readOwnClip(new Uint8Array(bytes));
  if (!clip) throw new Error('not a Sandbox clip');
  const out: Planes[] = [];
  for await (const f of clip.decode()) {
    out.push(clonePlanes(f.planes));
    if (out.length === n) break;
  }
  return out;
}

const VIDEO = endpointPath(getEndpoint('gen-3-video'));
const UPSCALE = endpointPath(getEndpoint('video-upscale-v1'));
const fx = sandboxPerFile();

async function run(body: Record<string, JsonValue>): Promise<{ result: PollingResult; bytes: Buffer }> {
  const submitted = await fx.client.post(VIDEO, { prompt: 'a paper boat on a pond', seed: 7, ...body });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const result = await fx.client.pollUntilDone(AsyncResponseSchema.parse(submitted.body).polling_url);
  expect(result.status).toBe('Ready');
  const file = await fx.client.download(result.result?.sample ?? '');
  expect(file.contentType).toBe('video/mp4');
  return { result, bytes: file.bytes };
}

interface ModeCase {
  readonly mode: string;
  readonly request: () => Promise<Record<string, JsonValue>>;
  readonly width: number;
  readonly height: number;
  readonly seconds: number;
  /** 3 credits per second·MP of output; hd is 0.94 MP. */
  readonly cost: number;
}

const MODES: readonly ModeCase[] = [
  { mode: 't2v', request: async () => ({ resolution: 'hd', duration: 2 }), width: 1280, height: 736, seconds: 2, cost: 5.64 },
  {
    mode: 'i2v',
    request: async () => ({
      resolution: 'hd',
      duration: 2,
      keyframes: [
        { image: await solidPng(64, 48, [220, 40, 40]), time: 0 },
        { image: await solidPng(64, 48, [40, 220, 40]), time: 1.5 },
      ],
    }),
    width: 1280,
    height: 736,
    seconds: 2,
    cost: 5.64,
  },
  { mode: 'v2v', request: async () => ({ resolution: 'hd', duration: 1, video: await sampleVideo() }), width: 1280, height: 736, seconds: 1, cost: 2.82 },
  // Enhancing a draft (“Make final”) renders at the resolution asked, not the draft's hd.
  { mode: 'draft_enhance', request: async () => ({ resolution: 'fhd', duration: 3, video: await sampleVideo() }), width: 1920, height: 1088, seconds: 3, cost: 18.81 },
];

describe('gen-3-video in every mode', () => {
  for (const c of MODES) {
    it(`${c.mode}: Ready with a ${c.width} x ${c.height}, ${c.seconds} s, 24 fps H.264 clip and its settled cost`, async () => {
      const { result, bytes } = await run({ mode: c.mode, ...(await c.request()) });
      expect(readMp4Info(new Uint8Array(bytes))).toEqual({ codec: 'avc1', width: c.width, height: c.height, seconds: c.seconds, frames: c.seconds * 24, fps: 24 });
      expect(result.cost).toBe(c.cost);
    });
  }

  for (const mode of ['v2v', 'draft_enhance']) {
    it(`${mode}: the clip derives from its source: another source, another clip; the same one, the same clip`, async () => {
      const common = { mode, resolution: 'hd', duration: 1 };
      const blue = await run({ ...common, video: await sampleVideo() });
      const again = await run({ ...common, video: await sampleVideo() });
      const red = await run({ ...common, video: await videoBase64({ background: [200, 40, 40] }) });
      const text = await run({ mode: 't2v', resolution: 'hd', duration: 1 });
      expect(again.bytes.equals(blue.bytes)).toBe(true);
      expect(red.bytes.equals(blue.bytes)).toBe(false);
      expect(text.bytes.equals(blue.bytes)).toBe(false);
    });
  }

  it('v2v from a Sandbox clip starts on its source’s last frame', async () => {
    const draft = await run({ mode: 'i2v', resolution: 'hd', duration: 2, keyframes: [{ image: await solidPng(64, 48, [220, 40, 40]), time: 1 }] });
    const continued = await run({ mode: 'v2v', resolution: 'hd', duration: 2, video: draft.bytes.toString('base64') });
    const last = await lastFrameOf(new Uint8Array(draft.bytes));
    const first = await firstFrames(continued.bytes, 2);
    expect(last).toBeDefined();
    expect(Buffer.compare(Buffer.from(first[0]!.y), Buffer.from(last!.planes.y))).toBe(0);
    expect(Buffer.compare(Buffer.from(first[0]!.cr), Buffer.from(last!.planes.cr))).toBe(0);
    // Then it moves on: the next frame is not the same picture.
    expect(Buffer.compare(Buffer.from(first[1]!.y), Buffer.from(last!.planes.y))).not.toBe(0);
  });

  it('draft_enhance keeps the draft’s composition: each frame is the draft’s, at the asked resolution', async () => {
    const draft = await run({ mode: 'i2v', resolution: 'hd', duration: 2, keyframes: [{ image: await solidPng(64, 48, [220, 40, 40]), time: 0.5 }, { image: await solidPng(48, 64, [40, 220, 40]), time: 1.5 }] });
    const final = await run({ mode: 'draft_enhance', resolution: 'fhd', duration: 2, video: draft.bytes.toString('base64') });
    expect(readMp4Info(new Uint8Array(final.bytes))).toMatchObject({ width: 1920, height: 1088, frames: 48 });
    const from = await firstFrames(draft.bytes, 48);
    const to = await firstFrames(final.bytes, 48);
    for (const k of [0, 12, 30, 47]) {
      const expected = createPlanes(to[k]!.width, to[k]!.height);
      scalePlanes(from[k]!, 1280, 736, expected, 1920, 1088);
      expect(Buffer.compare(Buffer.from(to[k]!.y), Buffer.from(expected.y)), `frame ${k}`).toBe(0);
    }
  });

  it('a source from another encoder still gets an answer: a clip of the asked size, derived from its bytes', async () => {
    const foreign = Buffer.from(await sampleVideo(), 'base64');
    foreign[foreign.indexOf(Buffer.from([0x67, 66, 0xc0])) + 3] = 51;
    expect(await readOwnClip(new Uint8Array(foreign))).toBeUndefined();
    for (const mode of ['v2v', 'draft_enhance']) {
      const answer = await run({ mode, resolution: 'hd', duration: 1, video: foreign.toString('base64') });
      expect(readMp4Info(new Uint8Array(answer.bytes))).toMatchObject({ width: 1280, height: 736, frames: 24 });
    }
  });

  it('video-upscale-v1 (no seed): the same source gives the same clip, another source another', async () => {
    const upscale = async (video: string) => {
      const submitted = await fx.client.post(UPSCALE, { video, upscale_factor: 1.5 });
      const result = await fx.client.pollUntilDone(AsyncResponseSchema.parse(submitted.body).polling_url);
      return (await fx.client.download(result.result?.sample ?? '')).bytes;
    };
    const blue = await upscale(await sampleVideo());
    const again = await upscale(await sampleVideo());
    const red = await upscale(await videoBase64({ background: [200, 40, 40] }));
    expect(readMp4Info(new Uint8Array(red))).toMatchObject({ width: 480, height: 288, seconds: 1 });
    expect(again.equals(blue)).toBe(true);
    expect(red.equals(blue)).toBe(false);
  });
});

describe('a video that ends without a result', () => {
  const { start, onClose } = sandboxPerTest();
  const t2v = { mode: 't2v', resolution: 'hd', duration: 1, prompt: 'a paper boat' };

  it('moderated on its output: the final answer carries a settled cost of 0, and the balance is restored', async () => {
    const { sandbox, client } = await start();
    const submitted = await client.post<{ polling_url: string; cost: number }>(VIDEO, { ...t2v, prompt: 'a bloody sunset' });
    expect(submitted.body.cost).toBeGreaterThan(0);
    const result = await client.pollUntilDone(submitted.body.polling_url);
    expect(result.status).toBe('Content Moderated');
    expect(moderationReasons(result.details)).toEqual(['Violence']);
    expect(result.cost).toBe(0);
    expect(sandbox.credits(sandbox.demoKey)).toBe(1000);
  });

  it('moderated at submission: cost 0, never charged', async () => {
    const { sandbox, client } = await start();
    const submitted = await client.post<{ polling_url: string }>(VIDEO, { ...t2v, prompt: 'gore' });
    const result = await client.pollUntilDone(submitted.body.polling_url);
    expect(result.status).toBe('Request Moderated');
    expect(result.cost).toBe(0);
    expect(sandbox.credits(sandbox.demoKey)).toBe(1000);
  });

  it('failed: cost 0 and refunded, for gen-3-video and video-upscale-v1 alike', async () => {
    const { sandbox, client } = await start();
    const failed = await client.post<{ polling_url: string }>(VIDEO, t2v, { fail: 'task-error' });
    const upscale = await client.post<{ polling_url: string }>(UPSCALE, { video: await sampleVideo() }, { fail: 'task-error' });
    for (const task of [failed, upscale]) {
      const result = await client.pollUntilDone(task.body.polling_url);
      expect(result.status).toBe('Error');
      expect(result.cost).toBe(0);
    }
    expect(sandbox.credits(sandbox.demoKey)).toBe(1000);
  });

  it('the webhook carries the same settled cost', async () => {
    const hook = await webhookReceiver();
    onClose(hook.close);
    const { client } = await start();
    await client.post(VIDEO, { ...t2v, webhook_url: hook.url }, { fail: 'task-error' });
    expect(JSON.parse((await hook.next()).raw)).toMatchObject({ status: 'Error', cost: 0 });
  });
});
