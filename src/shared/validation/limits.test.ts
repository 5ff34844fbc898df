import { describe, expect, it } from 'vitest';
import { activeEndpoints, getEndpoint } from '../catalog/catalog';
import { defaultValues } from '../catalog/defaults';
import { referenceFieldNames } from '../catalog/common';
import type { JsonValue } from '../catalog/field';
import { minimalValidBody, pngHeaderOnly } from './testing';
import { validateRequest } from './validate';

/**
 * Every numeric range of the interface document, transcribed from its tables (not read from the catalog), so a
 * drift in the catalog fails here.
 */
type Range = { endpoint: string; field: string; min?: number; max?: number; multipleOf?: number; step: number };

const int = (endpoint: string, field: string, min?: number, max?: number, multipleOf?: number): Range => ({
  endpoint,
  field,
  min,
  max,
  multipleOf,
  step: 1,
});
const float = (endpoint: string, field: string, min: number, max: number): Range => ({ endpoint, field, min, max, step: 0.01 });

const RANGES: Range[] = [
  int('gen-dev', 'width', 256, 1440, 32),
  int('gen-dev', 'height', 256, 1440, 32),
  int('gen-dev', 'steps', 1, 50),
  float('gen-dev', 'guidance', 1.5, 5),
  int('gen-dev', 'safety_tolerance', 0, 6),
  int('gen-pro-1.0-fill', 'steps', 15, 50),
  float('gen-pro-1.0-fill', 'guidance', 1.5, 100),
  int('gen-pro-1.0-fill', 'safety_tolerance', 0, 6),
  int('gen-pro-1.0-expand', 'top', 0, 2048),
  int('gen-pro-1.0-expand', 'bottom', 0, 2048),
  int('gen-pro-1.0-expand', 'left', 0, 2048),
  int('gen-pro-1.0-expand', 'right', 0, 2048),
  int('gen-pro-1.0-expand', 'steps', 15, 50),
  float('gen-pro-1.0-expand', 'guidance', 1.5, 100),
  int('gen-pro-1.0-expand', 'safety_tolerance', 0, 6),
  int('gen-2-flex', 'width', 64),
  int('gen-2-flex', 'height', 64),
  float('gen-2-flex', 'guidance', 1.5, 10),
  int('gen-2-flex', 'steps', 1, 50),
  int('gen-2-flex', 'safety_tolerance', 0, 5),
  int('gen-ctx-max', 'safety_tolerance', 0, 6),
  int('gen-2-klein-9b-preview', 'width', 64),
  int('gen-2-klein-9b-preview', 'height', 64),
  int('gen-2-klein-9b-preview', 'safety_tolerance', 0, 5),
  int('gen-pro-1.1', 'width', 256, 1440, 32),
  int('gen-pro-1.1', 'height', 256, 1440, 32),
  int('gen-pro-1.1', 'safety_tolerance', 0, 6),
  float('video-upscale-v1', 'upscale_factor', 1.5, 3),
  int('video-upscale-v1', 'creativity', 0, 1),
];

const SUBMIT_ENDPOINTS = [
  'gen-dev',
  'gen-pro-1.0-fill',
  'gen-pro-1.0-expand',
  'gen-2-flex',
  'gen-ctx-max',
  'gen-2-klein-9b-preview',
  'gen-pro-1.1',
];

const round = (n: number) => Math.round(n * 100) / 100;

function issuesFor(endpointId: string, extra: Record<string, JsonValue>) {
  const endpoint = getEndpoint(endpointId);
  return validateRequest(endpoint, { ...minimalValidBody(endpoint), ...extra });
}

function expectAccepted(endpointId: string, extra: Record<string, JsonValue>) {
  expect(issuesFor(endpointId, extra), `${endpointId} ${JSON.stringify(extra).slice(0, 120)}`).toEqual([]);
}

function expectRefused(endpointId: string, extra: Record<string, JsonValue>, loc: (string | number)[], type?: string) {
  const issues = issuesFor(endpointId, extra);
  expect(issues.map((i) => i.loc), `${endpointId} ${JSON.stringify(extra).slice(0, 120)}`).toContainEqual(loc);
  if (type) expect(issues.find((i) => JSON.stringify(i.loc) === JSON.stringify(loc))?.type).toBe(type);
}

describe('every range in the document', () => {
  it('matches the catalog', () => {
    for (const r of RANGES) {
      const field = getEndpoint(r.endpoint).fields.find((f) => f.name === r.field);
      expect(field, `${r.endpoint}.${r.field}`).toBeDefined();
      if (field?.type !== 'integer' && field?.type !== 'number') throw new Error(`${r.endpoint}.${r.field} is not numeric`);
      expect(field.type).toBe(r.step === 1 ? 'integer' : 'number');
      expect([field.min, field.max], `${r.endpoint}.${r.field}`).toEqual([r.min, r.max]);
      if (field.type === 'integer') expect(field.multipleOf).toBe(r.multipleOf);
    }
  });

  for (const r of RANGES) {
    it(`${r.endpoint}.${r.field}: accepts its boundaries and refuses one past them`, () => {
      if (r.min !== undefined) {
        expectAccepted(r.endpoint, { [r.field]: r.min });
        // The multiple is checked before the bounds (pydantic-core's order): one step below stays on the multiple.
        expectRefused(r.endpoint, { [r.field]: round(r.min - (r.multipleOf ?? r.step)) }, ['body', r.field], 'greater_than_equal');
      }
      if (r.max !== undefined) {
        expectAccepted(r.endpoint, { [r.field]: r.max });
        expectRefused(r.endpoint, { [r.field]: round(r.max + r.step) }, ['body', r.field]);
        expectRefused(r.endpoint, { [r.field]: r.max + (r.multipleOf ?? r.step) }, ['body', r.field], 'less_than_equal');
      }
      if (r.multipleOf !== undefined && r.min !== undefined) {
        expectAccepted(r.endpoint, { [r.field]: r.min + r.multipleOf });
        expectRefused(r.endpoint, { [r.field]: r.min + r.multipleOf - 1 }, ['body', r.field], 'multiple_of');
      }
      if (r.step === 1) expectRefused(r.endpoint, { [r.field]: (r.min ?? 0) + 0.5 }, ['body', r.field], 'int_from_float');
    });
  }
});

describe('string lengths', () => {
  const url = (length: number) => `https://e.io/${'a'.repeat(length - 'https://e.io/'.length)}`;
  for (const id of SUBMIT_ENDPOINTS) {
    it(`${id}: webhook_url is 1 to 2083 characters and a URI`, () => {
      expectAccepted(id, { webhook_url: url(2083) });
      expectRefused(id, { webhook_url: url(2084) }, ['body', 'webhook_url'], 'url_too_long');
      expectRefused(id, { webhook_url: '' }, ['body', 'webhook_url'], 'url_parsing');
      expectRefused(id, { webhook_url: 'not a url' }, ['body', 'webhook_url'], 'url_parsing');
      expectAccepted(id, { webhook_url: null });
    });
  }
  it('gen-dev: user is 1 to 256 characters', () => {
    expectAccepted('gen-dev', { user: 'u' });
    expectAccepted('gen-dev', { user: 'u'.repeat(256) });
    expectRefused('gen-dev', { user: '' }, ['body', 'user'], 'string_too_short');
    expectRefused('gen-dev', { user: 'u'.repeat(257) }, ['body', 'user'], 'string_too_long');
  });
  it('gen-ctx-max: aspect_ratio between 21:9 and 9:21', () => {
    expectAccepted('gen-ctx-max', { aspect_ratio: '21:9' });
    expectAccepted('gen-ctx-max', { aspect_ratio: '9:21' });
    expectRefused('gen-ctx-max', { aspect_ratio: '22:9' }, ['body', 'aspect_ratio'], 'value_error');
    expectRefused('gen-ctx-max', { aspect_ratio: '9:22' }, ['body', 'aspect_ratio'], 'value_error');
    expectRefused('gen-ctx-max', { aspect_ratio: 'wide' }, ['body', 'aspect_ratio'], 'value_error');
  });
});

describe('cross-field rules', () => {
  it('fill: the mask must have the image’s size', () => {
    expectAccepted('gen-pro-1.0-fill', { image: pngHeaderOnly(640, 480), mask: pngHeaderOnly(640, 480) });
    expectRefused('gen-pro-1.0-fill', { image: pngHeaderOnly(640, 480), mask: pngHeaderOnly(640, 481) }, ['body', 'mask'], 'value_error');
  });
  it('fill: the mask may be left out only when the image has an alpha channel', () => {
    expectAccepted('gen-pro-1.0-fill', { image: pngHeaderOnly(64, 64, true), mask: null });
    expectRefused('gen-pro-1.0-fill', { image: pngHeaderOnly(64, 64, false), mask: null }, ['body', 'mask'], 'missing');
  });
  it('erase: the mask must have the image’s size', () => {
    expectRefused('erase-v1', { image: pngHeaderOnly(64, 64), mask: pngHeaderOnly(32, 64) }, ['body', 'mask'], 'value_error');
  });

  const references: [string, number][] = [
    ['gen-2-flex', 8],
    ['gen-ctx-max', 4],
    ['gen-2-klein-9b-preview', 4],
    ['gen-3-image', 10],
  ];
  for (const [id, max] of references) {
    it(`${id}: up to ${max} reference images`, () => {
      const refs = (n: number) => Object.fromEntries(referenceFieldNames(n).map((name) => [name, pngHeaderOnly(64, 64)]));
      expectAccepted(id, refs(max));
      expectRefused(id, refs(max + 1), ['body', `input_image_${max + 1}`], 'value_error');
      // The service ignores fields it does not define; only the app's own strictness catches the lost reference.
      const endpoint = getEndpoint(id);
      expect(validateRequest(endpoint, { ...minimalValidBody(endpoint), ...refs(max + 1) }, { strictness: 'service' })).toEqual([]);
    });
  }

  it('video: duration up to 20 s for t2v, i2v and draft_enhance, 15 s for v2v', () => {
    const kf = [{ image: pngHeaderOnly(64, 64), time: 0 }];
    const clip = 'https://example.com/in.mp4';
    for (const [mode, max, extra] of [
      ['t2v', 20, {}],
      ['i2v', 20, { keyframes: kf }],
      ['draft_enhance', 20, { video: clip }],
      ['v2v', 15, { video: clip }],
    ] as const) {
      expectAccepted('gen-3-video', { mode, duration: max, ...extra });
      expectRefused('gen-3-video', { mode, duration: max + 1, ...extra }, ['body', 'duration'], 'less_than_equal');
    }
  });
  it('video: 1 to 10 keyframes in i2v, within the clip', () => {
    const frames = (n: number) => Array.from({ length: n }, (_, i) => ({ image: pngHeaderOnly(64, 64), time: i }));
    expectAccepted('gen-3-video', { mode: 'i2v', duration: 20, keyframes: frames(1) });
    expectAccepted('gen-3-video', { mode: 'i2v', duration: 20, keyframes: frames(10) });
    expectRefused('gen-3-video', { mode: 'i2v', duration: 20, keyframes: frames(0) }, ['body', 'keyframes'], 'too_short');
    expectRefused('gen-3-video', { mode: 'i2v', duration: 20, keyframes: frames(11) }, ['body', 'keyframes'], 'too_long');
    expectRefused('gen-3-video', { mode: 'i2v', duration: 20 }, ['body', 'keyframes'], 'missing');
    expectRefused('gen-3-video', { mode: 'i2v', duration: 5, keyframes: frames(7) }, ['body', 'keyframes', 6, 'time'], 'less_than_equal');
  });
  it('outpainting: the original fits inside the result, which is at most 4 MP', () => {
    const image = pngHeaderOnly(512, 512);
    expectAccepted('outpainting-v1', { image, width: 2000, height: 2000, reference_offset_x: 1488, reference_offset_y: 1488 });
    expectRefused('outpainting-v1', { image, width: 2000, height: 2000, reference_offset_x: 1489 }, ['body', 'reference_offset_x'], 'value_error');
    expectRefused('outpainting-v1', { image, width: 2000, height: 2001 }, ['body', 'width'], 'value_error');
  });
  it('deblur and vto-v2: inputs up to 4 MP', () => {
    expectAccepted('deblur-v1', { image: pngHeaderOnly(2000, 2000) });
    expectRefused('deblur-v1', { image: pngHeaderOnly(2000, 2003) }, ['body', 'image'], 'value_error');
    expectAccepted('vto-v2', { person_image: pngHeaderOnly(2000, 2000), garment_image: pngHeaderOnly(2000, 2000) });
    expectRefused('vto-v2', { person_image: pngHeaderOnly(2000, 2003) }, ['body', 'person_image'], 'value_error');
    expectRefused('vto-v2', { garment_image: pngHeaderOnly(2000, 2003) }, ['body', 'garment_image'], 'value_error');
  });
  it('vto-v1: larger inputs are downscaled by the service, not refused', () => {
    expectAccepted('vto-v1', { person_image: pngHeaderOnly(4000, 4000), garment_image: pngHeaderOnly(2000, 2003) });
  });
  it('video upscale: source up to 20 s, 50 MB and 2560 x 1440', () => {
    const endpoint = getEndpoint('video-upscale-v1');
    const probe = (seconds: number, bytes: number, width: number, height: number) => ({
      probes: { video: () => ({ seconds, bytes, width, height }) },
    });
    const body = { video: 'https://example.com/in.mp4' };
    expect(validateRequest(endpoint, body, probe(20, 50e6, 2560, 1440))).toEqual([]);
    for (const p of [probe(20.1, 1, 64, 64), probe(1, 50e6 + 1, 64, 64), probe(1, 1, 2561, 1440), probe(1, 1, 2560, 1441)]) {
      expect(validateRequest(endpoint, body, p).map((i) => i.loc)).toEqual([['body', 'video']]);
    }
  });
});

describe('a default of 0 that lets the service choose (field notes: sent by leaving the field out)', () => {
  const autoSized = ['gen-2-klein-9b-preview', 'gen-2-klein-4b', 'gen-2-klein-9b', 'gen-2-klein-9b-kv-finetuned', 'gen-2-flex', 'gen-2-pro', 'gen-2-pro-preview'];
  for (const id of autoSized) {
    it(`${id}: width and height left out or null are auto; an explicit 0 and 1 to 63 are refused; 64 is accepted`, () => {
      for (const field of ['width', 'height']) {
        expectAccepted(id, {});
        expectAccepted(id, { [field]: null });
        for (const value of [0, 1, 32, 63, -1]) expectRefused(id, { [field]: value }, ['body', field], 'greater_than_equal');
        expectAccepted(id, { [field]: 64 });
      }
      expect(defaultValues(getEndpoint(id))).not.toHaveProperty('width');
    });
  }
  it('is not accepted where the document gives no such default', () => {
    expectRefused('gen-dev', { width: 0 }, ['body', 'width'], 'greater_than_equal');
  });
});

describe('documented defaults', () => {
  for (const endpoint of activeEndpoints()) {
    it(`${endpoint.id}: every default passes the endpoint’s own validation`, () => {
      expectAccepted(endpoint.id, defaultValues(endpoint));
    });
  }
});

describe('media given as an address', () => {
  const url = 'https://example.com/cat.png';
  const base64Only: [string, string][] = [
    ['gen-pro-1.0-fill', 'image'],
    ['gen-pro-1.0-fill', 'mask'],
    ['gen-pro-1.0-expand', 'image'],
    ['gen-dev', 'image_prompt'],
    ['gen-pro-1.1', 'image_prompt'],
  ];
  for (const [id, field] of base64Only) {
    it(`${id}.${field}: refuses a URL where the document asks for base64`, () => {
      const issues = issuesFor(id, { [field]: url });
      expect(issues.filter((i) => i.loc[1] === field)).toEqual([
        { loc: ['body', field], type: 'value_error', msg: `Value error, ${field} takes a base64-encoded image, not an address` },
      ]);
      expectRefused(id, { [field]: 'HTTP://EXAMPLE.COM/x.png' }, ['body', field], 'value_error');
    });
  }
  it('accepts a URL where the document allows one', () => {
    expectAccepted('gen-ctx-max', { input_image: url, input_image_2: 'http://example.com/b.jpg' });
    expectAccepted('deblur-v1', { image: url });
  });
});

describe('the service’s own rules', () => {
  it('answers a missing required field with type missing', () => {
    expect(validateRequest(getEndpoint('gen-pro-1.0-fill'), {})).toContainEqual({ loc: ['body', 'image'], msg: 'Field required', type: 'missing' });
  });
  it('treats null as absent only where the field is nullable', () => {
    expectAccepted('gen-dev', { steps: null, seed: null, guidance: null });
    expectRefused('gen-dev', { width: null }, ['body', 'width'], 'int_type');
  });
  it('ignores fields the endpoint does not define', () => {
    expectAccepted('gen-dev', { not_a_field: 'x', another: 3 });
  });
  it('refuses a body that is not an object; null is no body', () => {
    for (const body of [[], 'text', 3]) {
      expect(validateRequest(getEndpoint('gen-dev'), body)[0]).toMatchObject({ loc: ['body'], type: 'model_attributes_type' });
    }
    expect(validateRequest(getEndpoint('gen-dev'), null)[0]).toMatchObject({ loc: ['body'], type: 'missing' });
  });
  it('names the allowed values of an enum', () => {
    expect(issuesFor('gen-dev', { output_format: 'gif' })[0]).toMatchObject({
      loc: ['body', 'output_format'],
      type: 'enum',
      msg: "Input should be 'jpeg', 'png' or 'webp'",
    });
  });
});
