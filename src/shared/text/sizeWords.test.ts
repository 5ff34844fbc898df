import { describe, expect, it } from 'vitest';
import { overLimit, sizeAgainstLimit } from './sizeWords';

const MB = 1024 * 1024;

describe('a size said next to its limit', () => {
  it('never reads the same as a limit it passes', () => {
    expect(sizeAgainstLimit(256 * MB + 1, 256 * MB)).toEqual({ size: '268,435,457 bytes', limit: '268,435,456 bytes (256 MB)' });
    expect(sizeAgainstLimit(256 * MB + 4096, 256 * MB)).toEqual({ size: '256.004 MB', limit: '256 MB' });
    expect(sizeAgainstLimit(256.3 * MB, 256 * MB)).toEqual({ size: '256.3 MB', limit: '256 MB' });
    expect(sizeAgainstLimit(300 * MB, 256 * MB)).toEqual({ size: '300 MB', limit: '256 MB' });
  });
});

describe('sizes and limits in the language on screen', () => {
  it('use the language’s decimal mark, grouping and unit', () => {
    expect(sizeAgainstLimit(256 * MB + 4096, 256 * MB, 'de')).toEqual({ size: '256,004 MB', limit: '256 MB' });
    expect(sizeAgainstLimit(256 * MB + 1, 256 * MB, 'de').size).toBe('268.435.457 Byte');
    expect(overLimit(20.04, 20)).toBe('20.04');
    expect(overLimit(20.04, 20, 'de')).toBe('20,04');
    expect(overLimit(24, 20, 'ja')).toBe('24.0');
  });
});
