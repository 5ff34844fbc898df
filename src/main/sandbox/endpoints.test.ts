import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskEndpoints } from '../../shared/catalog/catalog';
import type { EndpointSpec } from '../../shared/catalog/endpoint';
import { fieldOf } from '../../shared/catalog/endpoint';
import type { JsonValue } from '../../shared/catalog/field';
import { expectedOutputSize, type Size } from '../../shared/catalog/outputSize';
import { AsyncResponseSchema } from '../../shared/catalog/responses';
import type { SandboxHandle } from './api';
import { startSandbox } from './index';
import { costOf } from './prices';
import { rendererKind } from './outputs/render';
import { validBody } from './testing/bodies';
import { sandboxClient, type SandboxClient } from './testing/client';
import { pixelsOf } from './testing/media';
import { sampleVideo } from './testing/video';
import { readVideoHeader } from './outputs/video';
import { endpointPath } from '../../shared/catalog/catalog';
import { DEMO_FINETUNES } from './accounts';

let sandbox: SandboxHandle;
let client: SandboxClient;

beforeAll(async () => {
  sandbox = await startSandbox();
  client = sandboxClient(sandbox);
});
afterAll(() => sandbox.close());

/** A size other than the default, where the endpoint takes one, so the test proves the request is followed. */
function requestedSize(endpoint: EndpointSpec): Record<string, JsonValue> {
  const width = fieldOf(endpoint, 'width');
  if (!width || width.type !== 'integer' || endpoint.id === 'outpainting-v1') return {};
  return width.multipleOf ? { width: 512, height: 320 } : { width: 320, height: 192 };
}

/** The last format the endpoint offers that is not its default. */
function requestedFormat(endpoint: EndpointSpec): Record<string, JsonValue> {
  const field = fieldOf(endpoint, 'output_format');
  if (!field || field.type !== 'enum') return {};
  const other = [...field.values].reverse().find((v) => v !== field.default);
  return other ? { output_format: other } : {};
}

const SHARP_FORMAT: Readonly<Record<string, string>> = { jpeg: 'jpeg', png: 'png', webp: 'webp' };

describe('every endpoint of the catalog', () => {
  it('has a renderer for every task endpoint', () => {
    for (const endpoint of taskEndpoints()) expect(rendererKind(endpoint), endpoint.id).toBeDefined();
  });

  for (const endpoint of taskEndpoints()) {
    it(`${endpoint.id}: answers AsyncResponse, reaches Ready, and makes the requested size and format`, async () => {
      const video = await sampleVideo();
      const body: Record<string, JsonValue> = { ...(await validBody(endpoint, { video })), ...requestedSize(endpoint), ...requestedFormat(endpoint), seed: 11 };
      if (endpoint.finetuneOf) body.finetune_id = DEMO_FINETUNES[0]!;
      const submitted = await client.post(endpointPath(endpoint), body);
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const response = AsyncResponseSchema.strict().parse(submitted.body);
      expect(response.polling_url.startsWith(`${sandbox.baseUrl}/`)).toBe(true);
      expect(response.polling_url).toContain(response.id);
      for (const figure of [response.cost, response.input_mp, response.output_mp]) {
        expect(typeof figure).toBe('number');
        expect(Math.round((figure as number) * 100) / 100).toBe(figure);
      }

      const result = await client.pollUntilDone(response.polling_url);
      expect(result.status).toBe('Ready');
      if (fieldOf(endpoint, 'seed')) expect(result.result?.seed).toBe(11);
      const sample = result.result?.sample ?? '';
      expect(sample.startsWith(sandbox.baseUrl)).toBe(true);
      const file = await client.download(sample);
      expect(file.status).toBe(200);

      const inputs: Record<string, Size> = {};
      for (const f of endpoint.fields) if (f.type === 'image' && typeof body[f.name] === 'string') inputs[f.name] = { width: 64, height: 64 };
      const videoInfo = readVideoHeader(new Uint8Array(Buffer.from(video, 'base64')));
      if (videoInfo) inputs.video = { width: videoInfo.width, height: videoInfo.height };
      const expected = expectedOutputSize(endpoint, body, inputs);
      expect(expected, 'the catalog predicts a size').toBeDefined();

      if (endpoint.kind === 'video' || fieldOf(endpoint, 'video')) {
        expect(file.contentType).toBe('video/mp4');
        const info = readVideoHeader(new Uint8Array(file.bytes));
        expect(info).toMatchObject({ width: expected?.width, height: expected?.height, fps: 24 });
        expect(result.cost).toBe(costOf(endpoint, { inputMp: response.input_mp ?? 0, outputMp: response.output_mp ?? 0, seconds: info?.seconds ?? 0 }));
        return;
      }
      const pixels = await pixelsOf(file.bytes);
      expect({ width: pixels.width, height: pixels.height }).toEqual(expected);
      const format = typeof body.output_format === 'string' ? body.output_format : 'png';
      expect(pixels.format).toBe(SHARP_FORMAT[format]);
      expect(file.contentType).toBe(`image/${format}`);
    });
  }
});
