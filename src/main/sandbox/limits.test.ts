import { describe, expect, it } from 'vitest';
import { activeEndpoints, endpointPath, getEndpoint } from '../../shared/catalog/catalog';
import { referenceFieldNames } from '../../shared/catalog/common';
import type { EndpointSpec } from '../../shared/catalog/endpoint';
import type { FieldSpec, JsonValue } from '../../shared/catalog/field';
import { DEMO_FINETUNES } from './accounts';
import { MAX_JSON_DEPTH } from './decode/request';
import { validBody } from './testing/bodies';
import { sandboxClient } from './testing/client';
import { sandboxPerFile } from './testing/lifecycle';
import { startSandbox } from './index';
import { pixelsOf, solidPng } from './testing/media';
import { videoBase64 } from './testing/video';

const fx = sandboxPerFile();

type Issue = { loc: (string | number)[]; msg: string; type: string };
interface Case {
  readonly name: string;
  /** `undefined` removes the field. */
  readonly patch: Readonly<Record<string, JsonValue | undefined>>;
  readonly loc: readonly (string | number)[];
  readonly type: string;
}

/** Every limit one field declares in the catalog, as a value just past it. */
function fieldCases(f: FieldSpec): Case[] {
  const loc = ['body', f.name];
  const cases: Case[] = [];
  const c = (name: string, value: JsonValue | undefined, type: string) => cases.push({ name: `${f.name} ${name}`, patch: { [f.name]: value }, loc, type });
  if (f.required) c('left out', undefined, 'missing');
  if (!f.nullable) c('null where not nullable', null, f.type === 'integer' ? 'int_type' : f.type === 'number' ? 'float_type' : f.type === 'boolean' ? 'bool_type' : f.type === 'enum' ? 'enum' : f.type === 'keyframes' ? 'list_type' : 'string_type');
  switch (f.type) {
    case 'integer':
    case 'number': {
      const step = f.type === 'integer' ? 1 : 0.01;
      // The multiple is checked before the bounds (pydantic-core's order), so "below" stays on the multiple.
      const below = f.type === 'integer' && 'multipleOf' in f && f.multipleOf ? f.multipleOf : step;
      if (f.min !== undefined) c(`below ${f.min}`, Math.round((f.min - below) * 100) / 100, 'greater_than_equal');
      if (f.max !== undefined) c(`above ${f.max}`, f.max + (f.type === 'integer' && 'multipleOf' in f && f.multipleOf ? f.multipleOf : step), 'less_than_equal');
      if (f.type === 'integer') {
        c('fractional', (f.min ?? 0) + 0.5, 'int_from_float');
        if (f.multipleOf && f.min !== undefined) c(`not a multiple of ${f.multipleOf}`, f.min + f.multipleOf - 1, 'multiple_of');
      }
      // Lax, as the service reads numbers: "ten" does not parse; a list is not a number at all.
      c('as text that is not a number', 'ten', f.type === 'integer' ? 'int_parsing' : 'float_parsing');
      c('of the wrong type', [1], f.type === 'integer' ? 'int_type' : 'float_type');
      break;
    }
    case 'string':
      // A URL is checked as pydantic's HttpUrl does, with its own error types.
      if (f.minLength !== undefined && f.minLength > 0) c(`shorter than ${f.minLength}`, '', f.format === 'uri' ? 'url_parsing' : 'string_too_short');
      if (f.maxLength !== undefined) c(`longer than ${f.maxLength}`, f.format === 'uri' ? `https://e.io/${'a'.repeat(f.maxLength)}` : 'a'.repeat(f.maxLength + 1), f.format === 'uri' ? 'url_too_long' : 'string_too_long');
      if (f.format === 'uri') c('not a URL', 'not a url', 'url_parsing');
      if (f.format === 'aspect-ratio') {
        c('not a ratio', 'wide', 'value_error');
        if (f.ratioRange) c('wider than allowed', '22:9', 'value_error');
      }
      c('of the wrong type', 12, f.format === 'uri' ? 'url_type' : 'string_type');
      break;
    case 'enum':
      c('outside its values', 'not-a-value', 'enum');
      break;
    case 'boolean':
      c('as a word that is not yes or no', 'maybe', 'bool_parsing');
      c('of the wrong type', [true], 'bool_type');
      break;
    case 'image':
    case 'video':
      // Media is a plain string to the model: an empty one fails where the endpoint decodes it.
      c('empty', '', 'value_error');
      c('of the wrong type', 7, 'string_type');
      break;
    case 'keyframes':
      c(`with fewer than ${f.minItems}`, [], 'too_short');
      c(`with more than ${f.maxItems}`, Array.from({ length: f.maxItems + 1 }, (_, i) => ({ image: 'x', time: i })), 'too_long');
      break;
  }
  return cases;
}

async function expectRefused(endpoint: EndpointSpec, base: Record<string, JsonValue>, c: Pick<Case, 'patch' | 'loc' | 'type' | 'name'>) {
  const body: Record<string, JsonValue> = { ...base };
  for (const [k, v] of Object.entries(c.patch)) {
    if (v === undefined) delete body[k];
    else body[k] = v;
  }
  const answer = await fx.client.post<{ detail: Issue[] }>(endpointPath(endpoint), body, endpoint.base === 'base_url_us' ? { base: 'regional' } : {});
  expect(answer.status, `${endpoint.id}: ${c.name}`).toBe(422);
  expect(answer.body.detail, `${endpoint.id}: ${c.name}`).toContainEqual(expect.objectContaining({ loc: c.loc, type: c.type }));
  // Every item carries its input (field notes): the value sent, or for a field left out the body it is missing from.
  for (const item of answer.body.detail) expect(item, `${endpoint.id}: ${c.name}`).toHaveProperty('input');
  const [, field] = c.loc;
  const item = answer.body.detail.find((i) => JSON.stringify(i.loc) === JSON.stringify(c.loc) && i.type === c.type) as Issue & { input?: unknown };
  if (typeof field === 'string' && c.loc.length === 2) expect(item.input, `${endpoint.id}: ${c.name}`).toEqual(field in body ? body[field] : body);
}

async function baseBody(endpoint: EndpointSpec): Promise<Record<string, JsonValue>> {
  const body = await validBody(endpoint, { video: 'https://example.com/not-fetched.mp4' });
  if (endpoint.finetuneOf) body.finetune_id = DEMO_FINETUNES[0]!;
  return body;
}

describe('every limit of the catalog answers 422 at its loc', () => {
  for (const endpoint of activeEndpoints()) {
    it(`${endpoint.id}: each field just past each of its limits`, async () => {
      const base = await baseBody(endpoint);
      const cases = endpoint.fields.flatMap(fieldCases);
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) await expectRefused(endpoint, base, c);
    });
  }
});

describe('cross-field rules, with real images', () => {
  it('fill: the mask must have the image’s size', async () => {
    const endpoint = getEndpoint('gen-pro-1.0-fill');
    await expectRefused(endpoint, await baseBody(endpoint), {
      name: 'mask 64 x 65',
      patch: { mask: await solidPng(64, 65, [255, 255, 255]) },
      loc: ['body', 'mask'],
      type: 'value_error',
    });
  });

  it('fill: no mask needs an image with an alpha channel', async () => {
    const endpoint = getEndpoint('gen-pro-1.0-fill');
    const base = await baseBody(endpoint);
    await expectRefused(endpoint, base, { name: 'opaque image, no mask', patch: { mask: null }, loc: ['body', 'mask'], type: 'missing' });
    const withAlpha = await fx.client.post(endpointPath(endpoint), { ...base, mask: null, image: await solidPng(64, 64, [10, 20, 30], 0) });
    expect(withAlpha.status).toBe(200);
  });

  it('erase: the mask must have the image’s size', async () => {
    const endpoint = getEndpoint('erase-v1');
    await expectRefused(endpoint, await baseBody(endpoint), {
      name: 'mask 32 x 64',
      patch: { mask: await solidPng(32, 64) },
      loc: ['body', 'mask'],
      type: 'value_error',
    });
  });

  it('outpainting: the original must fit inside the result, at most 4 MP', async () => {
    const endpoint = getEndpoint('outpainting-v1');
    const base = { ...(await baseBody(endpoint)), image: await solidPng(100, 100), width: 512, height: 512 };
    await expectRefused(endpoint, base, { name: 'x offset too far', patch: { reference_offset_x: 413 }, loc: ['body', 'reference_offset_x'], type: 'value_error' });
    await expectRefused(endpoint, base, { name: 'y offset too far', patch: { reference_offset_y: 413 }, loc: ['body', 'reference_offset_y'], type: 'value_error' });
    await expectRefused(endpoint, base, { name: 'over 4 MP', patch: { width: 2000, height: 2001 }, loc: ['body', 'width'], type: 'value_error' });
  });

  it('deblur and vto-v2: inputs up to 4 MP, decoded for real', async () => {
    const big = await solidPng(2000, 2001);
    const deblur = getEndpoint('deblur-v1');
    await expectRefused(deblur, await baseBody(deblur), { name: '4.002 MP', patch: { image: big }, loc: ['body', 'image'], type: 'value_error' });
    const vto = getEndpoint('vto-v2');
    await expectRefused(vto, await baseBody(vto), { name: '4.002 MP garment', patch: { garment_image: big }, loc: ['body', 'garment_image'], type: 'value_error' });
  });

  it('references beyond an endpoint’s count are ignored, as the service ignores unknown fields', async () => {
    for (const [id, max] of [['gen-ctx-max', 4], ['gen-2-klein-9b-preview', 4], ['gen-2-flex', 8], ['gen-3-image', 10]] as const) {
      const endpoint = getEndpoint(id);
      const png = await solidPng(32, 32);
      const refs = Object.fromEntries(referenceFieldNames(max + 1).map((n) => [n, png]));
      const answer = await fx.client.post(endpointPath(endpoint), { ...(await baseBody(endpoint)), ...refs });
      expect(answer.status, id).toBe(200);
    }
  });

  it('video: duration by mode, keyframes required in i2v and within the clip, a source in v2v', async () => {
    const endpoint = getEndpoint('gen-3-video');
    const base = await baseBody(endpoint);
    const frame = { image: await solidPng(32, 32), time: 0 };
    await expectRefused(endpoint, base, { name: 't2v 21 s', patch: { mode: 't2v', duration: 21 }, loc: ['body', 'duration'], type: 'less_than_equal' });
    await expectRefused(endpoint, base, { name: 'v2v 16 s', patch: { mode: 'v2v', duration: 16, video: 'https://example.com/a.mp4' }, loc: ['body', 'duration'], type: 'less_than_equal' });
    await expectRefused(endpoint, base, { name: 'i2v without keyframes', patch: { mode: 'i2v' }, loc: ['body', 'keyframes'], type: 'missing' });
    await expectRefused(endpoint, base, { name: 'v2v without a video', patch: { mode: 'v2v' }, loc: ['body', 'video'], type: 'missing' });
    await expectRefused(endpoint, base, {
      name: 'keyframe after the end',
      patch: { mode: 'i2v', duration: 2, keyframes: [frame, { ...frame, time: 3 }] },
      loc: ['body', 'keyframes', 1, 'time'],
      type: 'less_than_equal',
    });
  });

  it('video-upscale: a real source longer than 20 s, or larger than 2560 x 1440, answers 422 at its field and is not charged', async () => {
    const endpoint = getEndpoint('video-upscale-v1');
    const before = fx.sandbox.credits(fx.sandbox.demoKey);
    const cases = [
      { name: '21 s', spec: { width: 64, height: 64, seconds: 21 }, msg: 'the source video is 21.00 seconds long (limit 20)' },
      { name: '2592 x 1440', spec: { width: 2592, height: 1440 }, msg: 'the source video is 2592x1440 (limit 2560x1440)' },
      { name: '2560 x 1472', spec: { width: 2560, height: 1472 }, msg: 'the source video is 2560x1472 (limit 2560x1440)' },
    ];
    for (const c of cases) {
      const answer = await fx.client.post<{ detail: Issue[] }>(endpointPath(endpoint), { video: await videoBase64(c.spec) });
      expect(answer.status, c.name).toBe(422);
      expect(answer.body.detail, c.name).toContainEqual(expect.objectContaining({ loc: ['body', 'video'], type: 'value_error', msg: expect.stringContaining(c.msg) }));
    }
    expect(fx.sandbox.credits(fx.sandbox.demoKey)).toBe(before);
    // Right at the length limit is accepted.
    expect((await fx.client.post(endpointPath(endpoint), { video: await videoBase64({ width: 64, height: 64, seconds: 20 }) })).status).toBe(200);
  });

  it('finetuned endpoints: an unknown finetune_id answers 422 on that field', async () => {
    const endpoint = getEndpoint('gen-2-klein-9b-kv-finetuned');
    await expectRefused(endpoint, await baseBody(endpoint), { name: 'unknown LoRA', patch: { finetune_id: 'nobody' }, loc: ['body', 'finetune_id'], type: 'value_error' });
  });
});

describe('bodies the service refuses before its fields', () => {
  const path = endpointPath(getEndpoint('gen-dev'));

  it('malformed JSON: 422 json_invalid at the character where parsing stopped', async () => {
    const answer = await fx.client.post<{ detail: Issue[] }>(path, undefined, { raw: '{"prompt": "fox",}' });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({ loc: ['body', 17], type: 'json_invalid', msg: 'JSON decode error' });
  });

  it('a body cut short: 422 json_invalid at the end of the input, as Python’s decoder says', async () => {
    for (const raw of ['{"a":', '[', '{"prompt": "fox", "width": 512']) {
      const answer = await fx.client.post<{ detail: Issue[] }>(path, undefined, { raw });
      expect(answer.status, raw).toBe(422);
      expect(answer.body.detail[0], raw).toMatchObject({ loc: ['body', raw.length], type: 'json_invalid' });
    }
  });

  it('Content-Type: JSON (any charset, any +json) is read as JSON; anything else, or none at all (FastAPI 0.132 on), is not', async () => {
    const raw = JSON.stringify({ prompt: 'x', width: 256, height: 256 });
    for (const contentType of ['application/json; charset=utf-8', 'application/vnd.api+json']) {
      expect((await fx.client.post(path, undefined, { raw, contentType })).status, String(contentType)).toBe(200);
    }
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      const answer = await fx.client.post<{ detail: Issue[] }>(path, undefined, { raw, contentType });
      expect(answer.status, String(contentType)).toBe(422);
      // pydantic's own words; the body, never read, is echoed as empty where the service echoes it.
      expect(answer.body, String(contentType)).toEqual({
        detail: [{ type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input: '' }],
      });
    }
    // An empty body with no Content-Type is no body at all: "Field required".
    const empty = await fx.client.post<{ detail: Issue[] }>(path, undefined, { raw: '', contentType: null });
    expect(empty.body.detail[0]).toMatchObject({ loc: ['body'], type: 'missing' });
    const deletion = await fx.client.post<{ detail: Issue[] }>(endpointPath(getEndpoint('delete_finetune')), undefined, {
      raw: JSON.stringify({ finetune_id: DEMO_FINETUNES[0] }),
      contentType: 'text/plain',
      base: 'regional',
    });
    expect(deletion.status).toBe(422);
    expect(deletion.body.detail[0]).toMatchObject({ loc: ['body'], type: 'model_attributes_type' });
  });

  it('a body nested deeper than Python’s decoder goes: FastAPI’s 400, not a dropped connection', async () => {
    const nested = (depth: number) => `{"prompt": "x", "extra": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const deep = await fx.client.post(path, undefined, { raw: nested(4500) });
    expect({ status: deep.status, body: deep.body }).toEqual({ status: 400, body: { detail: 'There was an error parsing the body' } });
    expect((await fx.client.post(path, undefined, { raw: nested(MAX_JSON_DEPTH + 1) })).status).toBe(400);
    // Within the limit the body is read (and the unknown field ignored).
    expect((await fx.client.post(path, undefined, { raw: nested(MAX_JSON_DEPTH - 1) })).status).toBe(200);
  });

  it('a body that is not an object, or none at all', async () => {
    for (const raw of ['[]', '"text"', '3']) {
      const answer = await fx.client.post<{ detail: Issue[] }>(path, undefined, { raw });
      expect(answer.status, raw).toBe(422);
      expect(answer.body.detail[0], raw).toMatchObject({ loc: ['body'], type: 'model_attributes_type' });
    }
    // JSON null is no body at all, to FastAPI.
    const none = await fx.client.post<{ detail: Issue[] }>(path, undefined, { raw: 'null' });
    expect(none.body.detail[0]).toMatchObject({ loc: ['body'], type: 'missing' });
    const empty = await fx.client.post<{ detail: Issue[] }>(path, undefined, { raw: '' });
    expect(empty.body.detail[0]).toMatchObject({ loc: ['body'], type: 'missing' });
  });

  it('an image that does not decode: 422 at its field, or at its keyframe', async () => {
    const fill = getEndpoint('gen-pro-1.0-fill');
    const base = await baseBody(fill);
    const truncated = Buffer.from(base.image as string, 'base64').subarray(0, 40).toString('base64');
    for (const image of [Buffer.from('not an image at all').toString('base64'), truncated]) {
      await expectRefused(fill, base, { name: 'undecodable', patch: { image }, loc: ['body', 'image'], type: 'value_error' });
    }
    const video = getEndpoint('gen-3-video');
    await expectRefused(video, await baseBody(video), {
      name: 'undecodable keyframe',
      patch: { mode: 'i2v', keyframes: [{ image: 'bm90IGFuIGltYWdl', time: 0 }] },
      loc: ['body', 'keyframes', 0, 'image'],
      type: 'value_error',
    });
  });

  it('an address outside the sandbox: 422 saying it works offline', async () => {
    const endpoint = getEndpoint('gen-ctx-max');
    const answer = await fx.client.post<{ detail: Issue[] }>(endpointPath(endpoint), { prompt: 'x', input_image: 'https://example.com/cat.png' });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({ loc: ['body', 'input_image'], type: 'value_error' });
    expect(answer.body.detail[0]?.msg).toMatch(/offline/);
  });

  it('null counts as absent: output_format null gives the endpoint’s default format', async () => {
    for (const [id, format, body] of [
      ['gen-dev', 'jpeg', { prompt: 'x', width: 256, height: 256 }],
      ['gen-ctx-max', 'png', { prompt: 'x', input_image: await solidPng(64, 64) }],
    ] as const) {
      const submitted = await fx.client.post<{ polling_url: string }>(endpointPath(getEndpoint(id)), { ...body, output_format: null });
      expect(submitted.status, id).toBe(200);
      const ready = await fx.client.pollUntilDone(submitted.body.polling_url);
      const file = await fx.client.download(ready.result?.sample ?? '');
      expect(file.contentType, id).toBe(`image/${format}`);
      expect((await pixelsOf(file.bytes)).format, id).toBe(format);
    }
  });

  it('fields an endpoint does not define are ignored, and null counts as absent where nullable', async () => {
    const ok = await fx.client.post(path, { prompt: 'x', width: 256, height: 256, not_a_field: { deep: [1, 2] }, steps: null, seed: null, guidance: null });
    expect(ok.status).toBe(200);
  });

  it('a body over the limit answers 413', async () => {
    const small = await startSandbox({ maxBodyBytes: 1000 });
    try {
      const answer = await sandboxClient(small).post<{ detail: string }>(path, { prompt: 'x'.repeat(5000) });
      expect(answer.status).toBe(413);
      expect(answer.body.detail).toMatch(/limit is 1000 bytes/);
      expect(small.submissions()).toMatchObject([{ endpointId: 'gen-dev', status: 413, taskId: null }]);
    } finally {
      await small.close();
    }
  });
});
