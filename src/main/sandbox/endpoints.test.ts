import { describe, expect, it } from 'vitest';
import { endpointPath, taskEndpoints } from '../../shared/catalog/catalog';
import type { JsonValue } from '../../shared/catalog/field';
import { fieldOf } from '../../shared/catalog/endpoint';
import { AsyncResponseSchema } from '../../shared/catalog/responses';
import { readMp4Info } from '../../shared/media/mp4';
import { DEMO_FINETUNES } from './accounts';
import { rendererKind } from './outputs/render';
import { validBody } from './testing/bodies';
import { sandboxPerFile } from './testing/lifecycle';
import { pixelsOf } from './testing/media';
import { sampleVideo } from './testing/video';

const fx = sandboxPerFile();

type Format = 'jpeg' | 'png' | 'webp' | 'mp4';

interface Case {
  /** Merged over a valid body whose images are 64 x 64 and whose video is 320 x 192, 1 s. */
  readonly request: Readonly<Record<string, JsonValue>>;
  readonly width: number;
  readonly height: number;
  readonly format: Format;
  /** `output_mp` of the submit answer. */
  readonly outputMp: number;
  /** Videos: length, and the settled cost of the final polling answer. */
  readonly seconds?: number;
  readonly cost?: number;
}

/**
 * The output every task endpoint must make, worked out by hand from the document and the catalog (never from
 * `expectedOutputSize`, which the sandbox itself uses). Formats other than the default where there is a choice,
 * so the test proves the request is followed.
 */
const CASES: Readonly<Record<string, Case>> = {
  'gen-dev': { request: { width: 512, height: 320, output_format: 'webp' }, width: 512, height: 320, format: 'webp', outputMp: 0.16 },
  'gen-pro-1.1': { request: { width: 512, height: 320, output_format: 'png' }, width: 512, height: 320, format: 'png', outputMp: 0.16 },
  // About 4 MP at its ratio (the published schema's "ultra"): 1:1 is 2048 x 2048.
  'gen-pro-1.1-ultra': { request: { aspect_ratio: '1:1', output_format: 'png' }, width: 2048, height: 2048, format: 'png', outputMp: 4.19 },
  // 16:9 at about 1 MP, edges rounded to 32.
  'gen-ctx-max': { request: { aspect_ratio: '16:9', output_format: 'jpeg' }, width: 1376, height: 768, format: 'jpeg', outputMp: 1.06 },
  'gen-ctx-pro': { request: { aspect_ratio: '16:9', output_format: 'jpeg' }, width: 1376, height: 768, format: 'jpeg', outputMp: 1.06 },
  'gen-pro-1.0-fill': { request: { output_format: 'png' }, width: 64, height: 64, format: 'png', outputMp: 0 },
  // 64 + 16 + 32 wide, 64 + 8 high.
  'gen-pro-1.0-expand': { request: { left: 16, right: 32, top: 8, output_format: 'webp' }, width: 112, height: 72, format: 'webp', outputMp: 0.01 },
  'gen-2-flex': { request: { width: 320, height: 192, output_format: 'webp' }, width: 320, height: 192, format: 'webp', outputMp: 0.06 },
  'gen-2-klein-9b-preview': { request: { width: 320, height: 192, output_format: 'png' }, width: 320, height: 192, format: 'png', outputMp: 0.06 },
  'gen-2-pro-preview': { request: { width: 320, height: 192, output_format: 'png' }, width: 320, height: 192, format: 'png', outputMp: 0.06 },
  'gen-2-pro': { request: { width: 320, height: 192, output_format: 'png' }, width: 320, height: 192, format: 'png', outputMp: 0.06 },
  'gen-2-max': { request: { width: 320, height: 192, output_format: 'png' }, width: 320, height: 192, format: 'png', outputMp: 0.06 },
  'gen-2-klein-4b': { request: { width: 320, height: 192, output_format: 'png' }, width: 320, height: 192, format: 'png', outputMp: 0.06 },
  'gen-2-klein-9b': { request: { width: 320, height: 192, output_format: 'png' }, width: 320, height: 192, format: 'png', outputMp: 0.06 },
  // 768sq is 768 x 768 worth of pixels; at 16:9 that is exactly 1024 x 576.
  'gen-3-image': { request: { resolution: '768sq', aspect_ratio: '16:9', output_format: 'png' }, width: 1024, height: 576, format: 'png', outputMp: 0.59 },
  'gen-2-klein-9b-kv-finetuned': {
    request: { width: 320, height: 192, output_format: 'png', finetune_id: DEMO_FINETUNES[0]! },
    width: 320,
    height: 192,
    format: 'png',
    outputMp: 0.06,
  },
  // hd is 1280 x 736 (0.94 MP); 3 credits per second·MP.
  'gen-3-video': { request: { mode: 't2v', resolution: 'hd', duration: 1 }, width: 1280, height: 736, format: 'mp4', outputMp: 0.94, seconds: 1, cost: 2.82 },
  'vto-v2': { request: { output_format: 'png' }, width: 64, height: 64, format: 'png', outputMp: 0 },
  'vto-v1': { request: { output_format: 'png' }, width: 64, height: 64, format: 'png', outputMp: 0 },
  // Tools without output_format answer PNG.
  'deblur-v1': { request: {}, width: 64, height: 64, format: 'png', outputMp: 0 },
  'erase-v1': { request: {}, width: 64, height: 64, format: 'png', outputMp: 0 },
  'outpainting-v1': { request: { width: 200, height: 120, reference_offset_x: 10 }, width: 200, height: 120, format: 'png', outputMp: 0.02 },
  // 320 x 192 x 1.5 is 480 x 288 (0.14 MP) for the source's 1 s; 1.5 credits per second·MP.
  'video-upscale-v1': { request: { upscale_factor: 1.5 }, width: 480, height: 288, format: 'mp4', outputMp: 0.14, seconds: 1, cost: 0.21 },
};

describe('every endpoint of the catalog', () => {
  it('has a renderer and a stated output here, for every task endpoint', () => {
    for (const endpoint of taskEndpoints()) expect(rendererKind(endpoint), endpoint.id).toBeDefined();
    expect(Object.keys(CASES).sort()).toEqual(taskEndpoints().map((e) => e.id).sort());
  });

  for (const endpoint of taskEndpoints()) {
    const c = CASES[endpoint.id];
    if (!c) continue;
    it(`${endpoint.id}: answers AsyncResponse, reaches Ready, and makes ${c.width} x ${c.height} ${c.format}`, async () => {
      const body: Record<string, JsonValue> = { ...(await validBody(endpoint, { video: await sampleVideo() })), ...c.request, seed: 11 };
      const submitted = await fx.client.post(endpointPath(endpoint), body, { base: endpoint.base === 'base_url_us' ? 'regional' : 'base' });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const response = AsyncResponseSchema.strict().parse(submitted.body);
      // Polled where it was sent: a finetuned task on the regional base (field notes: the host is regional).
      expect(response.polling_url.startsWith(`${endpoint.base === 'base_url_us' ? fx.sandbox.regionalBaseUrl : fx.sandbox.baseUrl}/`)).toBe(true);
      expect(response.polling_url).toContain(response.id);
      expect(response.output_mp).toBe(c.outputMp);
      for (const figure of [response.cost, response.input_mp]) {
        expect(typeof figure).toBe('number');
        expect(Math.round((figure as number) * 100) / 100).toBe(figure);
      }

      const result = await fx.client.pollUntilDone(response.polling_url);
      expect(result.status).toBe('Ready');
      if (fieldOf(endpoint, 'seed')) expect(result.result?.seed).toBe(11);
      const sample = result.result?.sample ?? '';
      expect(sample.startsWith(fx.sandbox.baseUrl)).toBe(true);
      const file = await fx.client.download(sample);
      expect(file.status).toBe(200);

      if (c.format === 'mp4') {
        expect(file.contentType).toBe('video/mp4');
        expect(readMp4Info(new Uint8Array(file.bytes))).toMatchObject({ codec: 'avc1', width: c.width, height: c.height, fps: 24, seconds: c.seconds, frames: (c.seconds ?? 0) * 24 });
        expect(result.cost).toBe(c.cost);
        return;
      }
      expect(result.cost).toBeUndefined();
      const pixels = await pixelsOf(file.bytes);
      expect({ width: pixels.width, height: pixels.height }).toEqual({ width: c.width, height: c.height });
      expect(pixels.format).toBe(c.format);
      expect(file.contentType).toBe(`image/${c.format}`);
    });
  }
});
