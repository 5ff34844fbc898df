import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOraBySpec } from '../testing/oraBySpec';
import { readPsdLayerMasks } from '../testing/psdLayerRecords';
import { buildLayered, type LayerSources } from './buildLayered';
import { encodeLayered, layeredBytes, writeLayeredFile } from './encodeLayered';

/**
 * The exported files read by readers that are not the app's: ImageMagick for the PSD (pixels, names, offsets,
 * the XMP) with a small reader of the spec's layer records for the layer mask (ImageMagick 6 does not give layer
 * masks), and, for the ORA, the zip and stack.xml read here from the OpenRaster spec.
 */
const dir = mkdtempSync(join(tmpdir(), 'layers-'));
const noise = (width: number, height: number, mean: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean, sigma: 40 } } }).png().toBuffer();
const rgba = async (png: Uint8Array) => new Uint8Array((await sharp(png).ensureAlpha().raw().toBuffer()).buffer.slice(0));
const magick = (...args: string[]) => execFileSync('convert', args, { maxBuffer: 1 << 28 });

const W = 96;
const H = 64;
const FRAME = { width: 140, height: 80, offsetX: 20, offsetY: 8 };
let sources: LayerSources;
let pictures: Uint8Array[];
let maskPng: Uint8Array;
let referencePng: Uint8Array;

beforeAll(async () => {
  pictures = await Promise.all([noise(W, H, 80), noise(W, H, 128), noise(W, H, 170)]);
  referencePng = await noise(30, 40, 60);
  const square = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#fff' } }).png().toBuffer();
  maskPng = await sharp({ create: { width: W, height: H, channels: 3, background: '#000' } }).composite([{ input: square, left: 10, top: 12 }]).toColourspace('b-w').png().toBuffer();
  sources = {
    pictures: [
      { name: 'Original · harbour.png', bytes: pictures[0]! },
      { name: 'Pro 1.0 Fill · a lighthouse… · 1195921958', bytes: pictures[1]! },
      { name: 'Pro 1.0 Fill · stormy sky… · 42', bytes: pictures[2]! },
    ],
    frame: FRAME,
    mask: maskPng,
    references: [{ name: 'Reference 1 · boat.png', bytes: referencePng }],
    boxes: [{ id: 'b1', label: 'the boat', x: 4, y: 20, width: 30, height: 20 }],
    metadata: { json: '{"format":"gen-studio.layers"}', xmp: '<x:xmpmeta xmlns:x="adobe:ns:meta/"><genstudio:metadata>{"seed":42}</genstudio:metadata></x:xmpmeta>' },
  };
});

const NAMES = ['Original · harbour.png', 'Pro 1.0 Fill · a lighthouse… · 1195921958', 'Pro 1.0 Fill · stormy sky… · 42', 'Mask (white = change)', 'Reference 1 · boat.png', 'Boxes'];

describe('the PSD, read by ImageMagick', () => {
  let file: string;
  beforeAll(async () => {
    file = join(dir, 'export.psd');
    await writeLayeredFile(await buildLayered(sources), 'psd', file);
  });

  it('has every layer, bottom first, named, placed and sized, and the frame as the document', () => {
    const lines = execFileSync('identify', ['-format', '%l|%w|%h|%X|%Y\n', file]).toString().trim().split('\n');
    // [0] is the merged picture at the frame's size
    expect(lines[0]).toBe(`|${FRAME.width}|${FRAME.height}|+0|+0`);
    const layers = lines.slice(1).map((l) => l.split('|'));
    // ImageMagick 6 reads the Pascal (Latin-1) name, where "·" and "…" are not: they come back as "?"
    expect(layers.map((l) => l[0])).toEqual(NAMES.map((n) => n.replace(/[^\x20-\x7e]/g, '?')));
    expect(layers.slice(0, 4).map((l) => l.slice(1))).toEqual(Array(4).fill([String(W), String(H), '+20', '+8']));
    expect(layers[4]!.slice(1)).toEqual(['30', '40', '+0', '+0']);
  });

  it('holds each picture exactly as it was, and the merged picture is the top one in the frame', async () => {
    for (const [i, png] of pictures.entries()) expect(new Uint8Array(magick(`${file}[${i + 1}]`, 'rgba:-'))).toEqual(await rgba(png));
    expect(new Uint8Array(magick(`${file}[5]`, 'rgba:-'))).toEqual(await rgba(referencePng));
    const merged = new Uint8Array(magick(`${file}[0]`, 'rgba:-'));
    const top = await rgba(pictures[2]!);
    expect(merged.subarray(((FRAME.offsetY + 5) * FRAME.width + FRAME.offsetX) * 4, ((FRAME.offsetY + 5) * FRAME.width + FRAME.offsetX + W) * 4)).toEqual(top.subarray(5 * W * 4, 6 * W * 4));
    expect(merged[3]).toBe(0); // the frame's new area is transparent
  });

  it('carries the mask as the top picture’s layer mask (read from the spec) and as a hidden grey layer', async () => {
    const records = readPsdLayerMasks(new Uint8Array(readFileSync(file)));
    const top = records.find((r) => r.name.startsWith('Pro 1.0 Fill') && r.name.endsWith('42'))!;
    expect(top.mask).toMatchObject({ left: 20, top: 8, right: 20 + W, bottom: 8 + H, disabled: true });
    expect(top.mask!.pixels).toEqual(new Uint8Array((await sharp(maskPng).extractChannel(0).raw().toBuffer()).buffer.slice(0)));
    expect(records.filter((r) => r.mask).length).toBe(1);
    expect(records.find((r) => r.name === 'Mask (white = change)')!.hidden).toBe(true);
    const greyLayer = new Uint8Array(magick(`${file}[4]`, '-channel', 'R', '-separate', 'gray:-'));
    expect(greyLayer).toEqual(top.mask!.pixels);
  });

  it('hides the board and the boxes, and the boxes are drawn', () => {
    const records = readPsdLayerMasks(new Uint8Array(readFileSync(file)));
    // the board is a hidden group (its record closes the group, after the reference in it)
    expect(records.filter((r) => r.hidden).map((r) => r.name)).toEqual(['Mask (white = change)', 'References', 'Boxes']);
    const boxes = magick(`${file}[6]`, '-alpha', 'extract', '-format', '%[fx:mean]', 'info:').toString();
    expect(Number(boxes)).toBeGreaterThan(0);
  });

  it('is written a layer at a time, its records filled in over their place once the lengths are known', async () => {
    const chunks: Uint8Array[] = [];
    const patches: number[] = [];
    await encodeLayered(await buildLayered(sources), 'psd', { write: async (c) => void chunks.push(c), patch: async (at) => void patches.push(at) });
    const total = chunks.reduce((n, c) => n + c.byteLength, 0);
    expect(total).toBe(readFileSync(file).byteLength);
    expect(Math.max(...chunks.map((c) => c.byteLength))).toBeLessThan(total / 4);
    expect(patches).toEqual([0]);
  });

  it('is the same file when the pictures are read from disk as the asset store keeps them', async () => {
    const onDisk = (p: { name: string; bytes: unknown }, i: number, kind: string) => {
      const path = join(dir, `${kind}-${i}.png`);
      writeFileSync(path, p.bytes as Uint8Array);
      return { name: p.name, bytes: { file: path } };
    };
    const fromFiles = { ...sources, pictures: sources.pictures.map((p, i) => onDisk(p, i, 'picture')), references: sources.references.map((p, i) => onDisk(p, i, 'reference')) };
    expect(await layeredBytes(await buildLayered(fromFiles), 'psd')).toEqual(new Uint8Array(readFileSync(file)));
  });

  it('carries the generation metadata as XMP', () => {
    expect(magick(file, 'xmp:-').toString()).toContain('<genstudio:metadata>{"seed":42}</genstudio:metadata>');
  });
});

describe('the OpenRaster file, read from the spec', () => {
  let ora: ReturnType<typeof readOraBySpec>;
  beforeAll(async () => {
    ora = readOraBySpec(await layeredBytes(await buildLayered(sources), 'ora'));
  });

  it('is handed out in pieces as it is made, none of them a whole file (so a large one is never held whole)', async () => {
    const chunks: Uint8Array[] = [];
    await encodeLayered(await buildLayered(sources), 'ora', { write: async (c) => void chunks.push(c), patch: async () => undefined });
    // each entry's header and bytes come separately, the largest of them one layer's PNG
    expect(chunks.length).toBeGreaterThan(12);
    const total = chunks.reduce((n, c) => n + c.byteLength, 0);
    expect(Math.max(...chunks.map((c) => c.byteLength))).toBeLessThan(total / 3);
  });

  it('stores a PNG picture as its own file, neither decoded nor encoded again, and the merged picture of a framed project is made', () => {
    for (const [i, png] of pictures.entries()) expect(ora.files[ora.layers[5 - i]!.src]).toEqual(new Uint8Array(png));
    expect(ora.files[ora.layers[1]!.src]).toEqual(new Uint8Array(referencePng));
  });

  it('starts with the mimetype, stored', () => {
    expect(ora.firstName).toBe('mimetype');
    expect(ora.firstMethod).toBe(0);
    expect(new TextDecoder().decode(ora.files.mimetype)).toBe('image/openraster');
  });

  it('lists every layer topmost first, named, placed, with the hidden ones hidden', () => {
    expect(ora.width).toBe(FRAME.width);
    expect(ora.height).toBe(FRAME.height);
    expect(ora.layers.map((l) => l.name)).toEqual([...NAMES].reverse().map((n) => n));
    // the boxes' layer covers only what is drawn: the box at (4, 20) in the picture, its stroke and its label above
    expect(ora.layers.map((l) => [l.x, l.y])).toEqual([[21, 5], [0, 0], [20, 8], [20, 8], [20, 8], [20, 8]]);
    expect(ora.layers.filter((l) => l.visibility === 'hidden').map((l) => l.name)).toEqual(['Boxes', 'Mask (white = change)']);
    expect(ora.stacks).toEqual([{ name: 'References', visibility: 'hidden' }]);
  });

  it('holds each picture exactly, the merged picture, a thumbnail of at most 256 px and the app’s JSON', async () => {
    for (const [i, png] of pictures.entries()) expect(await rgba(ora.files[ora.layers[5 - i]!.src]!)).toEqual(await rgba(png));
    expect(await rgba(ora.files[ora.layers[1]!.src]!)).toEqual(await rgba(referencePng));
    const merged = await sharp(ora.files['mergedimage.png']!).metadata();
    expect([merged.width, merged.height]).toEqual([FRAME.width, FRAME.height]);
    const thumb = await sharp(ora.files['Thumbnails/thumbnail.png']!).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(256);
    expect(new TextDecoder().decode(ora.files['genstudio/metadata.json'])).toBe('{"format":"gen-studio.layers"}');
  });
});
