import ExifReader from 'exifreader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildGenerationMetadata, infotext, parseGenerationMetadata, type GenerationMetadata, type MetadataSource } from '../../../../shared/metadata/generationMetadata';
import { embedInResult, encodeExport, readMetadata } from './embed';

const source: MetadataSource = {
  endpointId: 'gen-dev',
  endpointTitle: 'Dev',
  release: 'snapshot',
  params: { prompt: 'a lighthouse at dusk, “quoted” & <tagged> — ünïcode\n東京の夜', seed: 42, width: 64, height: 48, steps: 28, guidance: 3.5 },
  seed: 42,
  width: 64,
  height: 48,
  inputs: [{ field: 'image_prompt', assetId: 'a'.repeat(64) }],
};
const meta: GenerationMetadata = buildGenerationMetadata('0.1.0', source);

const picture = (format: 'png' | 'jpeg' | 'webp', alpha = false) => {
  const image = sharp({ create: { width: 64, height: 48, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 80, b: 20, alpha: 0.5 } : '#c85014' } });
  return image[format]().toBuffer();
};

const pixels = async (bytes: Uint8Array) => (await sharp(bytes).raw().toBuffer()).toString('base64');

/** ExifReader, not our writer, reads each place the metadata goes. */
function readIndependently(bytes: Uint8Array) {
  return ExifReader.load(Buffer.from(bytes), { expanded: true, includeUnknown: true });
}

describe('metadata written into result files', () => {
  it('a PNG gets our iTXt JSON, the A1111 parameters and InvokeAI metadata; pixels unchanged', async () => {
    const original = await picture('png', true);
    const written = await embedInResult(original, 'png', { width: 64, height: 48 }, meta);
    expect(await pixels(written)).toBe(await pixels(original));
    const tags = readIndependently(written);
    const png = tags.pngText as Record<string, { description: string }>;
    expect(parseGenerationMetadata(png.genstudio!.description)).toEqual(meta);
    expect(png.parameters!.description).toBe(
      'a lighthouse at dusk, “quoted” & <tagged> — ünïcode\n東京の夜\nSteps: 28, CFG scale: 3.5, Seed: 42, Size: 64x48, Model: gen-dev, Model version: snapshot, Version: Gen Studio 0.1.0',
    );
    expect(JSON.parse(png.invokeai_metadata!.description)).toMatchObject({ positive_prompt: meta.prompt, seed: 42, width: 64, height: 48 });
    // Before the image data, where readers that stop at the first IDAT still find them.
    const { readPngTexts } = await import('./containers');
    const idat = Buffer.from(written).indexOf('IDAT');
    for (const keyword of ['genstudio', 'parameters', 'invokeai_metadata']) expect(Buffer.from(written).indexOf(keyword)).toBeLessThan(idat);
    expect(readPngTexts(written).get('parameters')).toBe(infotext(meta));
    // Written twice: still one of each.
    const again = await embedInResult(written, 'png', { width: 64, height: 48 }, meta);
    expect(Buffer.compare(Buffer.from(again), Buffer.from(written))).toBe(0);
  });

  it.each(['jpeg', 'webp'] as const)('a %s gets XMP with our JSON and an EXIF UserComment; pixels unchanged', async (format) => {
    const original = await picture(format);
    const written = await embedInResult(original, format === 'jpeg' ? 'jpg' : 'webp', { width: 64, height: 48 }, meta);
    expect(await pixels(written)).toBe(await pixels(original));
    const tags = readIndependently(written);
    const xmp = tags.xmp as Record<string, { description: string }>;
    expect(parseGenerationMetadata(xmp.metadata!.description)).toEqual(meta);
    expect(xmp.description!.description).toBe(meta.prompt);
    // UserComment in the Unicode character code, UTF-16 in the block's (big-endian) byte order: every letter kept.
    const exif = tags.exif as Record<string, { value: number[] | number; description: string }>;
    const comment = Buffer.from(exif.UserComment!.value as number[]);
    expect(comment.subarray(0, 8).toString('latin1')).toBe('UNICODE\0');
    expect(Buffer.from(comment.subarray(8)).swap16().toString('utf16le')).toBe(infotext(meta));
    // The picture's own size, and no resolution made up.
    expect([exif.PixelXDimension!.value, exif.PixelYDimension!.value]).toEqual([64, 48]);
    expect(exif.ResolutionUnit!.value).toBe(1);
    expect(exif.XResolution!.value).toEqual([1, 1]);
  });

  it('the infotext keeps the prompt’s lines and letters, and has a Steps line for every model', () => {
    const prompt = '東京の夜\n  two “lines”\r\nand a third';
    const klein = buildGenerationMetadata('0.1.0', { ...source, endpointId: 'gen-2-klein-4b', endpointTitle: 'klein 4B', params: { prompt, seed: 9 }, seed: 9 });
    expect(infotext(klein)).toBe(`${prompt}\nSteps: auto, Seed: 9, Size: 64x48, Model: gen-2-klein-4b, Model version: snapshot, Version: Gen Studio 0.1.0`);
    // A1111 takes the last line as parameters only when it holds three pairs or more.
    expect(infotext(klein).split('\n').at(-1)!.split(', ').length).toBeGreaterThanOrEqual(3);
  });

  it.each(['jpeg', 'webp'] as const)('a %s whose EXIF had an orientation keeps it in ours, and ours replaces the old block', async (format) => {
    const rotated = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c85014' } }).withMetadata({ orientation: 6 })[format]().toBuffer();
    const written = await embedInResult(rotated, format === 'jpeg' ? 'jpg' : 'webp', { width: 64, height: 48 }, meta);
    expect((await sharp(written).metadata()).orientation).toBe(6);
    const tags = readIndependently(written) as unknown as { exif: Record<string, { description: string }> };
    expect(tags.exif.Software!.description).toBe('Gen Studio 0.1.0');
  });

  it('a WebP with alpha keeps it behind the VP8X header', async () => {
    const original = await picture('webp', true);
    const written = await embedInResult(original, 'webp', { width: 64, height: 48 }, meta);
    expect(await pixels(written)).toBe(await pixels(original));
    expect((await sharp(written).metadata()).hasAlpha).toBe(true);
    expect(await readMetadata(written)).toEqual({ kind: 'gen-studio', metadata: meta });
  });

  it.each(['png', 'jpeg', 'webp'] as const)('an export as %s carries the metadata and reads back', async (format) => {
    const written = await encodeExport(await picture('png', true), format, 80, meta);
    expect((await sharp(written).metadata()).format).toBe(format);
    expect(await readMetadata(written)).toEqual({ kind: 'gen-studio', metadata: meta });
    const tags = readIndependently(written);
    const json = format === 'png' ? (tags.pngText as Record<string, { description: string }>).genstudio!.description : (tags.xmp as Record<string, { description: string }>).metadata!.description;
    expect(parseGenerationMetadata(json)).toEqual(meta);
  });

  it('an export of a picture with an orientation is turned upright, and says its new size', async () => {
    const rotated = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c85014' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const written = await encodeExport(rotated, 'jpeg', 80, meta);
    const after = await sharp(written).metadata();
    expect([after.width, after.height, after.orientation]).toEqual([48, 64, undefined]);
    const exif = readIndependently(written).exif as Record<string, { value: number }>;
    expect([exif.PixelXDimension!.value, exif.PixelYDimension!.value]).toEqual([48, 64]);
  });

  it('another tool’s A1111 parameters are read for what maps', async () => {
    const { pngTextChunk, withPngText } = await import('./containers');
    const file = withPngText(await picture('png'), [pngTextChunk('parameters', 'a cat\nNegative prompt: dogs\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1234, Size: 512x768, Model: sd15')]);
    expect(await readMetadata(file)).toEqual({ kind: 'infotext', found: { prompt: 'a cat', seed: 1234, width: 512, height: 768, steps: 20, guidance: 7 } });
    expect(await readMetadata(await picture('jpeg'))).toEqual({ kind: 'none' });
    expect(await readMetadata(new Uint8Array([1, 2, 3]))).toEqual({ kind: 'none' });
  });

  it('an MP4 carries it in its comment tag and reads back; an MP4 without one has none', async () => {
    const { encodeMp4 } = await import('../../../sandbox');
    const { remuxWithMetadata } = await import('./mp4Export');
    const clip = await encodeMp4({ width: 64, height: 48, fps: 24, seconds: 1, background: [20, 40, 160] });
    expect(await readMetadata(clip)).toEqual({ kind: 'none' });
    const tagged = await remuxWithMetadata(clip, meta);
    expect(await readMetadata(tagged)).toEqual({ kind: 'gen-studio', metadata: meta });
  });
});
