import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../../../../shared/catalog/catalog';
import { defaultHint, groupFields, issuesByField, labelFor, parseFieldInput, randomSeed } from './fieldModel';

const field = (endpoint: string, name: string) => getEndpoint(endpoint).fields.find((f) => f.name === name)!;

describe('the form field model', () => {
  it('labels fields in words', () => {
    expect(labelFor({ name: 'safety_tolerance' })).toBe('Moderation tolerance');
    expect(labelFor({ name: 'webhook_url' })).toBe('Address to notify');
    expect(labelFor({ name: 'input_image_2' })).toBe('Input image 2');
  });
  it('reads typed numbers, keeps typing that is not a number, and treats empty as unset', () => {
    const width = field('gen-dev', 'width');
    expect(parseFieldInput(width, '512')).toBe(512);
    expect(parseFieldInput(width, 'abc')).toBe('abc');
    expect(parseFieldInput(width, '')).toBeUndefined();
    expect(parseFieldInput(field('gen-dev', 'prompt'), '')).toBe('');
  });
  it('groups issues by field', () => {
    const map = issuesByField([
      { loc: ['body', 'width'], msg: 'a', type: 't' },
      { loc: ['body', 'keyframes', 2, 'time'], msg: 'b', type: 't' },
      { loc: ['body'], msg: 'c', type: 't' },
    ]);
    expect(map.get('width')?.[0]?.msg).toBe('a');
    expect(map.get('keyframes')?.[0]?.msg).toBe('b');
    expect(map.get('')?.[0]?.msg).toBe('c');
  });
  it('shows the service default as a hint', () => {
    expect(defaultHint(field('gen-dev', 'steps'))).toBe('default 28');
    expect(defaultHint(field('gen-dev', 'seed'))).toBe('service default');
    expect(defaultHint(field('gen-ctx-max', 'prompt'))).toBe('required');
    expect(defaultHint(field('gen-2-klein-9b-preview', 'width'))).toBe('auto');
    expect(defaultHint(field('gen-pro-1.0-expand', 'left'))).toBe('default 0');
  });
  it('groups fields main, advanced, webhook', () => {
    const groups = groupFields(getEndpoint('gen-dev').fields);
    expect(groups.main.map((f) => f.name)).toEqual(['prompt', 'width', 'height']);
    expect(groups.webhook.map((f) => f.name)).toEqual(['webhook_url', 'webhook_secret']);
  });
  it('draws seeds the service accepts', () => {
    expect(randomSeed(() => 0.999999)).toBeLessThan(2 ** 31);
    expect(Number.isInteger(randomSeed())).toBe(true);
  });
});
