/**
 * The Sandbox's clips have sound tied to the picture (video/toneFlac.ts), read with ffmpeg, an independent
 * decoder: audible, and during each frame a tone of the pitch that frame's picture gives, through a clip, its
 * continuation, the continuation made final, and that upscaled.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, getEndpoint } from '../../shared/catalog/catalog';
import type { JsonValue } from '../../shared/catalog/field';
import { AsyncResponseSchema } from '../../shared/catalog/responses';
import { sandboxPerFile } from './testing/lifecycle';

const run = promisify(execFile);
const fx = sandboxPerFile();
const VIDEO = endpointPath(getEndpoint('gen-3-video'));
const UPSCALE = endpointPath(getEndpoint('video-upscale-v1'));
const FPS = 24;
const RATE = 24_000;
/** The rule the Sandbox documents (docs/sandbox.md): 200 Hz plus 4 Hz per step of the bottom row's mean luma. */
const pitchOf = (luma: number) => 200 + 4 * luma;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-sound-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function made(path: string, body: Record<string, JsonValue>): Promise<Buffer> {
  const submitted = await fx.client.post(path, body);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const result = await fx.client.pollUntilDone(AsyncResponseSchema.parse(submitted.body).polling_url);
  expect(result.status).toBe('Ready');
  return (await fx.client.download(result.result?.sample ?? '')).bytes;
}

interface Heard {
  /** dB, from ffmpeg's volumedetect. */
  readonly meanVolume: number;
  /** Per frame: the pitch heard during it (Hz) and the mean luma of its bottom row as decoded. */
  readonly pitches: number[];
  readonly lumas: number[];
}

/** Frequency of a clean tone by its rising zero crossings, interpolated between samples. */
function pitchOfSamples(s: Int16Array): number {
  const crossings: number[] = [];
  for (let i = 1; i < s.length; i++) if (s[i - 1]! < 0 && s[i]! >= 0) crossings.push(i - 1 + -s[i - 1]! / (s[i]! - s[i - 1]!));
  return ((crossings.length - 1) * RATE) / (crossings.at(-1)! - crossings[0]!);
}

async function listen(name: string, bytes: Buffer): Promise<Heard> {
  const file = join(dir, `${name}.mp4`);
  await writeFile(file, bytes);
  const probe = JSON.parse((await run('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file])).stdout) as { streams: { codec_type: string; width?: number; height?: number }[] };
  const video = probe.streams.find((s) => s.codec_type === 'video')!;
  expect(probe.streams.map((s) => s.codec_type)).toEqual(['video', 'audio']);
  const width = video.width!;
  // The bottom row of each frame, as ffmpeg decodes it (two rows kept, since 4:2:0 crops by even rows).
  const rows = (await run('ffmpeg', ['-v', 'error', '-i', file, '-vf', 'crop=iw:2:0:ih-2', '-pix_fmt', 'yuv420p', '-f', 'rawvideo', '-'], { encoding: 'buffer', maxBuffer: 1 << 28 })).stdout;
  const frameBytes = width * 2 * 1.5;
  const lumas: number[] = [];
  for (let at = 0; at + frameBytes <= rows.length; at += frameBytes) {
    let sum = 0;
    for (let x = 0; x < width; x++) sum += rows[at + width + x]!;
    lumas.push(sum / width);
  }
  const pcm = (await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:a', '-f', 's16le', '-ac', '1', '-ar', String(RATE), '-'], { encoding: 'buffer', maxBuffer: 1 << 28 })).stdout;
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
  const perFrame = RATE / FPS;
  expect(Math.abs(samples.length - lumas.length * perFrame)).toBeLessThanOrEqual(1);
  // The middle of each frame's span: the tone is steady there.
  const pitches = lumas.map((_, n) => pitchOfSamples(samples.subarray(n * perFrame + 100, (n + 1) * perFrame - 100)));
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-i', file, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-']);
  const meanVolume = Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1]);
  return { meanVolume, pitches, lumas };
}

/** Frames whose sound is not the pitch their picture gives, `shift` frames on. */
function outOfStep(h: Heard, shift = 0): number[] {
  const off: number[] = [];
  for (let n = 0; n + shift < h.lumas.length; n++) if (Math.abs(h.pitches[n]! - pitchOf(h.lumas[n + shift]!)) > 1.5) off.push(n);
  return off;
}

describe('sound in the Sandbox’s clips', () => {
  it('is audible and in step with the picture through continue, make final and upscale', async () => {
    const draft = await made(VIDEO, { prompt: 'a paper boat on a pond', seed: 7, mode: 't2v', resolution: 'hd', duration: 1 });
    const continued = await made(VIDEO, { prompt: 'it sails on', seed: 8, mode: 'v2v', resolution: 'hd', duration: 1, video: draft.toString('base64') });
    const final = await made(VIDEO, { prompt: 'it sails on', seed: 8, mode: 'draft_enhance', resolution: 'hd', duration: 1, video: continued.toString('base64') });
    const upscaled = await made(UPSCALE, { video: final.toString('base64'), upscale_factor: 1.5 });

    const heard: Record<string, Heard> = {};
    for (const [name, bytes] of Object.entries({ draft, continued, final, upscaled })) {
      const h = (heard[name] = await listen(name, bytes));
      expect(h.lumas.length, name).toBe(24);
      expect(h.meanVolume, name).toBeGreaterThan(-40);
      expect(outOfStep(h), `${name}: frames out of step`).toEqual([]);
      // The picture changes from frame to frame (the progress bar grows), so the sound could be heard out of
      // step: one frame late, it would be.
      expect(Math.max(...h.pitches) - Math.min(...h.pitches), name).toBeGreaterThan(100);
      expect(outOfStep(h, 1).length, name).toBeGreaterThan(10);
    }
    // A continuation starts on its source's last frame, and sounds as it ended; then its own bar starts.
    expect(Math.abs(heard.continued!.pitches[0]! - heard.draft!.pitches[23]!)).toBeLessThan(1.5);
    expect(heard.continued!.pitches[1]!).toBeLessThan(heard.continued!.pitches[0]! - 100);
    // Made final and upscaled, the clip keeps its composition, and so its sound.
    for (const name of ['final', 'upscaled']) {
      heard[name]!.pitches.forEach((p, n) => expect(Math.abs(p - heard.continued!.pitches[n]!), `${name} frame ${n}`).toBeLessThan(4));
    }
  }, 180_000);
});
