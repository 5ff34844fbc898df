import { describe, expect, it } from 'vitest';
import { parseByteRange, rangeResponse } from './mediaRange';

describe('byte ranges for <video> seeking', () => {
  it('reads the one-range forms a browser sends', () => {
    expect(parseByteRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 });
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('answers the whole file for no range, a malformed one or several; 416 past the end', () => {
    for (const header of [null, undefined, '', 'bytes=-', 'items=0-1', 'bytes=0-1,5-9', 'bytes=9-3']) expect(parseByteRange(header, 1000), String(header)).toBeUndefined();
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('gives 206 with Content-Range and the length of the part, 200 for the whole, 416 with the size', () => {
    expect(rangeResponse({ start: 100, end: 199 }, 1000)).toEqual({
      status: 206,
      headers: { 'accept-ranges': 'bytes', 'content-range': 'bytes 100-199/1000', 'content-length': '100' },
      start: 100,
      end: 199,
    });
    expect(rangeResponse(undefined, 1000)).toMatchObject({ status: 200, headers: { 'accept-ranges': 'bytes', 'content-length': '1000' }, start: 0, end: 999 });
    expect(rangeResponse('unsatisfiable', 1000)).toMatchObject({ status: 416, headers: { 'content-range': 'bytes */1000' } });
  });
});
