import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../../shared/ipc/contract';
import { infotext, parseGenerationMetadata, type GenerationMetadata } from '../../../shared/metadata/generationMetadata';
import { recordingDesktop } from '../desktop/nodeDesktop';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { tempDir } from '../testing/tempDir';

/**
 * Every kind of result, as the library saves it and as "Save as" writes it in each format offered, read by the
 * tools artists use elsewhere: exiftool (no warning, its validation passes) and ffmpeg (decodes every stream
 * with no error). The JSON and the A1111 infotext they read back must equal what was written, Unicode and line
 * breaks included, and the file dropped back on the app must restore the same parameters. CI installs both
 * tools (.ci/run); without them this suite fails rather than passing on nothing.
 */
const run = promisify(execFile);

const PROMPT = '東京の夜, neon “rain” & <reflections>\n  second line — ünïcode 🌧️\n\nafter a blank line';

let dir: Awaited<ReturnType<typeof tempDir>>;
let fx: CoreFixture;

beforeAll(async () => {
  dir = await tempDir('read-elsewhere');
  fx = await startCore({ dataDir: join(dir.path, 'data'), deps: { sandboxOptions: { timing: 'instant' }, desktop: recordingDesktop(join(dir.path, 'desktop')) } });
});
afterAll(async () => {
  await fx.core.dispose();
  await dir.remove();
});

async function generate(endpointId: string, params: Record<string, string | number>): Promise<LibraryItem> {
  const task = await fx.ok('tasks.submit', { endpointId, params, inputs: {} });
  for (let i = 0; i < 1000 && !['done', 'failed'].includes(fx.tasks.get(task.id)?.state ?? ''); i++) await new Promise((r) => setTimeout(r, 20));
  expect(fx.task(task.id).state).toBe('done');
  return fx.ok('library.get', { id: fx.task(task.id).resultId! });
}

type Tags = Record<string, unknown>;

/** exiftool's reading of a file: every tag by group, its warnings, and its validation. */
async function exiftool(file: string): Promise<Tags> {
  const { stdout } = await run('exiftool', ['-j', '-a', '-G1', '-All', '-validate', '-warning', '-error', '-charset', 'exif=utf8', file]);
  return (JSON.parse(stdout) as Tags[])[0]!;
}

/** What ffmpeg says decoding every stream of the file: nothing, for a clean file. */
async function ffmpegErrors(file: string): Promise<string> {
  const { stderr } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-map', '0', '-f', 'null', '-']);
  return stderr;
}

/** The text of a tag as exiftool gives it (it turns number-like text into numbers). */
const text = (tags: Tags, key: string): string | undefined => (tags[key] === undefined ? undefined : String(tags[key]));

/** Where each format keeps our JSON and the infotext, by exiftool's names. */
function readBack(tags: Tags): { json: GenerationMetadata | null; infotext: string | undefined; description: string | undefined } {
  const json = text(tags, 'PNG:Genstudio') ?? text(tags, 'XMP-genstudio:Metadata') ?? text(tags, 'ItemList:Comment');
  return {
    json: json === undefined ? null : parseGenerationMetadata(json),
    infotext: text(tags, 'PNG:Parameters') ?? text(tags, 'ExifIFD:UserComment'),
    description: text(tags, 'IFD0:ImageDescription') ?? text(tags, 'XMP-dc:Description') ?? text(tags, 'ItemList:Title'),
  };
}

async function checkFile(file: string, item: LibraryItem, made: 'library' | 'save as'): Promise<void> {
  const tags = await exiftool(file);
  expect(tags['ExifTool:Warning'], `${file}: exiftool warns`).toBeUndefined();
  expect(tags['ExifTool:Error'], `${file}: exiftool errors`).toBeUndefined();
  expect(tags['ExifTool:Validate'], `${file}: exiftool's validation`).toBe('OK');
  expect(await ffmpegErrors(file), `${file}: ffmpeg decoding`).toBe('');

  const found = readBack(tags);
  expect(found.json, `${file}: our JSON`).not.toBeNull();
  expect(found.json!.prompt).toBe(PROMPT);
  expect(found.json!.params).toEqual(item.params);
  expect(found.json!.seed).toBe(item.seed);
  // PNG has no caption field: the prompt is the infotext's first lines there.
  if (tags['File:FileType'] !== 'PNG') expect(found.description).toBe(PROMPT);
  if (!item.mime.startsWith('video/')) {
    expect(found.infotext).toBe(infotext(found.json!));
    expect(found.infotext!.startsWith(`${PROMPT}\nSteps: `)).toBe(true);
    // What exiftool reads of the pixel size is the picture's own.
    const width = tags['ExifIFD:ExifImageWidth'] ?? tags['PNG:ImageWidth'];
    expect([width, tags['ExifIFD:ExifImageHeight'] ?? tags['PNG:ImageHeight']]).toEqual([item.width, item.height]);
    expect(tags['IFD0:XResolution'] ?? 1).toBe(1);
    expect(tags['IFD0:ResolutionUnit'] ?? 'None').toBe('None');
    // A library PNG keeps the service's own chunks; a copy claims no density nobody chose.
    if (made === 'save as') expect(tags['PNG-pHYs:PixelUnits']).toBeUndefined();
  }

  const dropped = await fx.ok('library.readDropped', { name: file, bytes: new Uint8Array(await readFile(file)) });
  expect(dropped.kind).toBe('gen-studio');
  if (dropped.kind !== 'gen-studio') return;
  expect(dropped.metadata.endpoint.id).toBe(item.endpointId);
  expect(dropped.metadata.params).toEqual(item.params);
  expect(dropped.metadata.prompt).toBe(PROMPT);
}

const PICTURES = [
  ['gen-dev', 'png'],
  ['gen-dev', 'jpeg'],
  ['gen-dev', 'webp'],
  // a model without steps or guidance: its infotext still has the `Steps:` readers look for
  ['gen-2-klein-4b', 'jpeg'],
] as const;

// Each case generates a result and reads up to four files with two external programs: slow on a loaded machine.
describe('files other tools read cleanly', { timeout: 90_000 }, () => {
  it.each(PICTURES)('a %s picture made as %s: the library file and a copy saved as PNG, JPEG and WebP', async (endpointId, outputFormat) => {
    const item = await generate(endpointId, { prompt: PROMPT, width: 320, height: 256, seed: 7, output_format: outputFormat });
    await checkFile(join(dir.path, 'data', 'library', item.fileName), item, 'library');
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const saved = await fx.ok('library.export', { id: item.id, format, quality: 80 });
      expect(saved.saved).toBe(true);
      await checkFile(join(dir.path, 'desktop', 'exports', saved.fileName!), item, 'save as');
    }
  });

  it('a video: the library MP4 and a copy saved as MP4', async () => {
    const item = await generate('gen-3-video', { mode: 't2v', prompt: PROMPT, duration: 2, resolution: 'hd' });
    expect(item.mime).toBe('video/mp4');
    await checkFile(join(dir.path, 'data', 'library', item.fileName), item, 'library');
    const saved = await fx.ok('library.export', { id: item.id, format: 'mp4', quality: 80 });
    await checkFile(join(dir.path, 'desktop', 'exports', saved.fileName!), item, 'save as');
  });
});
