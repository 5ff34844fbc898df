import { describe, expect, it } from 'vitest';
import { getEndpoint } from './catalog';
import { expectedOutputSize, sizeForRatio, type InputSizes } from './outputSize';

/**
 * Every figure here is worked out by hand from the interface document and the catalog (a ratio's size is
 * about 1 MP with both edges rounded to multiples of 32), never by calling the function under test.
 */
const size = (id: string, body: Record<string, unknown>, inputs?: InputSizes) => expectedOutputSize(getEndpoint(id), body, inputs);

describe('sizeForRatio', () => {
  it('keeps about 1 MP at the ratio, both edges multiples of 32', () => {
    expect(sizeForRatio(1)).toEqual({ width: 1024, height: 1024 });
    // 16:9 of 1 MP is 1365.3 x 768.
    expect(sizeForRatio(16 / 9)).toEqual({ width: 1376, height: 768 });
    // 21:9 is 1564.2 x 686.4.
    expect(sizeForRatio(21 / 9)).toEqual({ width: 1568, height: 672 });
    expect(sizeForRatio(16 / 9, 768 * 768)).toEqual({ width: 1024, height: 576 });
  });
});

describe('expectedOutputSize', () => {
  it('text-to-image: the requested width and height, each defaulting on its own', () => {
    expect(size('gen-dev', { width: 512, height: 320 })).toEqual({ width: 512, height: 320 });
    expect(size('gen-dev', {})).toEqual({ width: 1024, height: 768 });
    expect(size('gen-dev', { width: 512 })).toEqual({ width: 512, height: 768 });
    expect(size('gen-pro-1.1', { height: 1440 })).toEqual({ width: 1024, height: 1440 });
  });

  it('gen-ctx-max: the aspect ratio at about 1 MP; else the input image; else 1024 square', () => {
    expect(size('gen-ctx-max', { aspect_ratio: '16:9' })).toEqual({ width: 1376, height: 768 });
    expect(size('gen-ctx-max', { aspect_ratio: '9:16' })).toEqual({ width: 768, height: 1376 });
    expect(size('gen-ctx-max', { aspect_ratio: '21:9' })).toEqual({ width: 1568, height: 672 });
    expect(size('gen-ctx-max', { aspect_ratio: '1:1' }, { input_image: { width: 800, height: 600 } })).toEqual({ width: 1024, height: 1024 });
    expect(size('gen-ctx-max', {}, { input_image: { width: 800, height: 600 } })).toEqual({ width: 800, height: 600 });
    expect(size('gen-ctx-max', {})).toEqual({ width: 1024, height: 1024 });
  });

  it('fill keeps the image’s size; expand adds each side', () => {
    expect(size('gen-pro-1.0-fill', {}, { image: { width: 300, height: 200 } })).toEqual({ width: 300, height: 200 });
    expect(size('gen-pro-1.0-expand', { left: 16, right: 32, top: 8 }, { image: { width: 300, height: 200 } })).toEqual({ width: 348, height: 208 });
    expect(size('gen-pro-1.0-expand', {}, { image: { width: 300, height: 200 } })).toEqual({ width: 300, height: 200 });
    expect(size('gen-pro-1.0-expand', { left: 16 })).toBeUndefined();
  });

  it('second generation: the requested size; without one (or 0), the first reference’s, else 1024 square', () => {
    expect(size('gen-2-flex', { width: 320, height: 192 })).toEqual({ width: 320, height: 192 });
    expect(size('gen-2-klein-9b-preview', { width: 320, height: 192 })).toEqual({ width: 320, height: 192 });
    expect(size('gen-2-flex', {}, { input_image: { width: 640, height: 480 } })).toEqual({ width: 640, height: 480 });
    expect(size('gen-2-klein-9b-preview', { width: 0, height: 0 }, { input_image: { width: 640, height: 480 } })).toEqual({ width: 640, height: 480 });
    expect(size('gen-2-klein-9b-preview', {})).toEqual({ width: 1024, height: 1024 });
  });

  it('gen-3-image: resolution class times aspect ratio, the reference’s ratio when none is given', () => {
    expect(size('gen-3-image', {})).toEqual({ width: 1024, height: 1024 });
    expect(size('gen-3-image', { resolution: '768sq', aspect_ratio: '16:9' })).toEqual({ width: 1024, height: 576 });
    // 2k at 3:2: 2508.4 x 1672.2 rounded to 32s.
    expect(size('gen-3-image', { resolution: '2k', aspect_ratio: '3:2' })).toEqual({ width: 2496, height: 1664 });
    expect(size('gen-3-image', { resolution: '4k', aspect_ratio: '1:1' })).toEqual({ width: 4096, height: 4096 });
    // A 600 x 400 reference at 1k: 1254.1 x 836.1.
    expect(size('gen-3-image', {}, { input_image: { width: 600, height: 400 } })).toEqual({ width: 1248, height: 832 });
  });

  it('gen-3-video: the resolution’s frame size (fhd when absent), enhancing a draft included', () => {
    expect(size('gen-3-video', { mode: 't2v' })).toEqual({ width: 1920, height: 1088 });
    expect(size('gen-3-video', { mode: 't2v', resolution: 'hd' })).toEqual({ width: 1280, height: 736 });
    expect(size('gen-3-video', { mode: 'i2v', resolution: 'qhd' })).toEqual({ width: 2560, height: 1440 });
    expect(size('gen-3-video', { mode: 'v2v', resolution: 'uhd' })).toEqual({ width: 3840, height: 2176 });
    expect(size('gen-3-video', { mode: 'draft_enhance', resolution: 'uhd' })).toEqual({ width: 3840, height: 2176 });
    expect(size('gen-3-video', { mode: 'draft_enhance', resolution: 'hd' })).toEqual({ width: 1280, height: 736 });
  });

  it('tools keep their image’s size; outpainting is the requested canvas', () => {
    expect(size('vto-v2', {}, { person_image: { width: 512, height: 768 }, garment_image: { width: 300, height: 300 } })).toEqual({ width: 512, height: 768 });
    expect(size('deblur-v1', {}, { image: { width: 640, height: 480 } })).toEqual({ width: 640, height: 480 });
    expect(size('erase-v1', {}, { image: { width: 640, height: 480 }, mask: { width: 640, height: 480 } })).toEqual({ width: 640, height: 480 });
    expect(size('outpainting-v1', { width: 1000, height: 800 }, { image: { width: 300, height: 200 } })).toEqual({ width: 1000, height: 800 });
    expect(size('outpainting-v1', {}, { image: { width: 300, height: 200 } })).toBeUndefined();
  });

  it('video-upscale: the source times the factor (2 when absent), capped near 14.4 MP, even edges', () => {
    expect(size('video-upscale-v1', {}, { video: { width: 320, height: 192 } })).toEqual({ width: 640, height: 384 });
    expect(size('video-upscale-v1', { upscale_factor: 1.5 }, { video: { width: 1280, height: 720 } })).toEqual({ width: 1920, height: 1080 });
    // 1920 x 1080 x 3 would be 18.7 MP: the scale drops to sqrt(14.4e6 / 2073600) = 2.6352.
    expect(size('video-upscale-v1', { upscale_factor: 3 }, { video: { width: 1920, height: 1080 } })).toEqual({ width: 5060, height: 2846 });
    expect(size('video-upscale-v1', { upscale_factor: 2 })).toBeUndefined();
  });
});

const upscale = getEndpoint('video-upscale-v1');
const pixels = (s: { width: number; height: number } | undefined) => (s ? s.width * s.height : NaN);

describe('video upscale output', () => {
  it('scales by upscale_factor up to 14.4 MP per frame', () => {
    // 1600 x 1000 at 3x is exactly 14.4 MP: not capped.
    expect(expectedOutputSize(upscale, { upscale_factor: 3 }, { video: { width: 1600, height: 1000 } })).toEqual({ width: 4800, height: 3000 });
    expect(expectedOutputSize(upscale, { upscale_factor: 1.5 }, { video: { width: 1280, height: 720 } })).toEqual({ width: 1920, height: 1080 });
  });

  it('caps the frame near 14.4 MP once the factor would go past it, keeping the shape', () => {
    const past = expectedOutputSize(upscale, { upscale_factor: 3 }, { video: { width: 1610, height: 1000 } });
    expect(pixels(past)).toBeLessThan(1610 * 3 * 1000 * 3);
    expect(pixels(past) / 1e6).toBeCloseTo(14.4, 1);
    const largest = expectedOutputSize(upscale, { upscale_factor: 3 }, { video: { width: 2560, height: 1440 } });
    expect(pixels(largest) / 1e6).toBeCloseTo(14.4, 1);
    expect(largest!.width / largest!.height).toBeCloseTo(2560 / 1440, 2);
  });
});
