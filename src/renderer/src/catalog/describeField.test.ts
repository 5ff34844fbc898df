import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../../../shared/catalog/catalog';
import { describeConstraint, describeDefault, describeLimits, inferences } from './describeField';

const field = (endpoint: string, name: string) => getEndpoint(endpoint).fields.find((f) => f.name === name)!;

describe('field descriptions', () => {
  it('puts ranges and multiples in words', () => {
    expect(describeConstraint(field('gen-dev', 'width'))).toBe('256 to 1440, multiple of 32');
    expect(describeConstraint(field('gen-2-flex', 'width'))).toBe('at least 64, or empty for auto');
    expect(describeConstraint(field('gen-dev', 'webhook_url'))).toBe('1 to 2083 characters, an http(s) address');
    expect(describeConstraint(field('gen-dev', 'output_format'))).toBe('jpeg, png, webp');
    expect(describeConstraint(field('gen-2-klein-9b-preview', 'width'))).toBe('at least 64, or empty for auto');
    // Forms offer what the document lists; webp, also accepted there, is not offered.
    expect(describeConstraint(field('gen-ctx-max', 'output_format'))).toBe('jpeg, png');
  });
  it('shows defaults as the document gives them', () => {
    expect(describeDefault(field('gen-dev', 'prompt'))).toBe('empty');
    expect(describeDefault(field('gen-dev', 'guidance'))).toBe('3');
    expect(describeDefault(field('gen-dev', 'seed'))).toBe('—');
    expect(describeDefault(field('gen-2-klein-9b-preview', 'height'))).toBe('auto (left out)');
    expect(describeDefault(field('gen-2-flex', 'steps'))).toBe('50');
    expect(describeDefault(field('gen-pro-1.0-expand', 'top'))).toBe('0');
  });
  it('lists limits and inferences', () => {
    expect(describeLimits(getEndpoint('deblur-v1'))).toEqual(['inputs up to 4 MP']);
    expect(describeLimits(getEndpoint('gen-2-flex'))).toEqual(['up to 8 references']);
    expect(inferences(getEndpoint('gen-dev'))).toEqual([]);
    expect(inferences(getEndpoint('gen-3-image'))[0]).toMatch(/^Path: /);
  });
});
