import { describe, expect, it } from 'vitest';
import { activeEndpoints, getEndpoint } from '../catalog/catalog';
import { minimalValidBody } from './testing';
import { coerceRequest, validateRequest } from './validate';

/** What public clients observe beyond the document (field-notes.md), as validation answers it. */
const check = (id: string, extra: Record<string, unknown>) => {
  const endpoint = getEndpoint(id);
  return validateRequest(endpoint, { ...minimalValidBody(endpoint), ...extra });
};
const types = (id: string, extra: Record<string, unknown>) => check(id, extra).map((i) => [i.loc.join('.'), i.type]);

describe('lax values, as the service’s framework reads them', () => {
  it('accepts numbers as numeric strings and still checks their range and multiple', () => {
    expect(check('gen-dev', { width: '1024', height: ' 768 ', guidance: '3.5', steps: '28', seed: '-7' })).toEqual([]);
    expect(types('gen-dev', { width: '2048' })).toEqual([['body.width', 'less_than_equal']]);
    expect(types('gen-dev', { width: '1000' })).toEqual([['body.width', 'multiple_of']]);
    expect(types('gen-dev', { guidance: '9' })).toEqual([['body.guidance', 'less_than_equal']]);
  });

  it('refuses what does not parse with the service’s own types', () => {
    expect(types('gen-dev', { width: 'abc' })).toEqual([['body.width', 'int_parsing']]);
    expect(types('gen-dev', { width: '1024.5' })).toEqual([['body.width', 'int_parsing']]);
    expect(types('gen-dev', { width: 1024.5 })).toEqual([['body.width', 'int_from_float']]);
    expect(types('gen-dev', { guidance: 'high' })).toEqual([['body.guidance', 'float_parsing']]);
    expect(types('gen-dev', { width: [1024] })).toEqual([['body.width', 'int_type']]);
  });

  it('accepts booleans as "true", "yes", 1 or 0, and refuses other words and numbers', () => {
    for (const value of [true, 'true', 'True', 'yes', 'on', 1, 0, 'false', 'no']) expect(check('gen-dev', { prompt_upsampling: value }), String(value)).toEqual([]);
    for (const value of ['maybe', 2, '']) expect(types('gen-dev', { prompt_upsampling: value }), String(value)).toEqual([['body.prompt_upsampling', 'bool_parsing']]);
    expect(types('gen-dev', { prompt_upsampling: {} })).toEqual([['body.prompt_upsampling', 'bool_type']]);
  });

  it('gives cross-field rules and the Sandbox the values as numbers', () => {
    const expand = getEndpoint('gen-pro-1.0-expand');
    expect(coerceRequest(expand, { top: '64', prompt: '12', prompt_upsampling: 'yes', extra: '1' })).toEqual({ top: 64, prompt: '12', prompt_upsampling: true, extra: '1' });
  });
});

describe('output_format takes webp on every image endpoint', () => {
  it('accepts webp where the document lists only jpeg and png, and offers only what the document lists', () => {
    const withFormat = activeEndpoints().filter((e) => e.fields.some((f) => f.name === 'output_format'));
    expect(withFormat.length).toBeGreaterThan(8);
    for (const e of withFormat) expect(check(e.id, { output_format: 'webp' }), e.id).toEqual([]);
    const ctx = getEndpoint('gen-ctx-max').fields.find((f) => f.name === 'output_format');
    expect(ctx).toMatchObject({ values: ['jpeg', 'png'], alsoAccepted: ['webp'], observed: expect.stringMatching(/field notes/) });
    expect(check('gen-ctx-max', { output_format: 'gif' })).toMatchObject([{ type: 'enum', msg: "Input should be 'jpeg', 'png' or 'webp'" }]);
  });
});

describe('gen-2-flex and gen-2-pro as the service’s published schemas give them', () => {
  it('gen-2-flex: every optional field takes null, with the observed defaults', () => {
    const flex = getEndpoint('gen-2-flex');
    const nulls = Object.fromEntries(['seed', 'width', 'height', 'guidance', 'steps', 'prompt_upsampling', 'output_format', 'input_image', 'input_image_8'].map((n) => [n, null]));
    expect(check('gen-2-flex', nulls)).toEqual([]);
    const defaults = Object.fromEntries(flex.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
    expect(defaults).toEqual({ prompt_upsampling: true, width: 0, height: 0, guidance: 5, steps: 50, safety_tolerance: 2, output_format: 'jpeg' });
  });

  it('gen-2-pro has no prompt_upsampling: a sent one is ignored, like any unknown field', () => {
    for (const id of ['gen-2-pro', 'gen-2-pro-preview']) {
      expect(getEndpoint(id).fields.map((f) => f.name)).not.toContain('prompt_upsampling');
      expect(check(id, { prompt_upsampling: 'not even a boolean' })).toEqual([]);
    }
  });
});
