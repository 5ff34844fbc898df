import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../../shared/ipc/contract';
import { readOraBySpec } from '../testing/oraBySpec';
import { readPsdLayerMasks } from '../testing/psdLayerRecords';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import { layerHandlers } from '../handlers/layerHandlers';
import { refusalOf } from '../testing/refusalOf';
import { LayeredIntakeService } from './layeredIntake';
import { LayerExports } from './layerExports';

/**
 * A gallery result exported as layers holds what its task sent, read back from the recorded inputs and params:
 * read by ImageMagick, the spec-written PSD record reader and the spec-written ORA reader, never the app's.
 */
const dir = mkdtempSync(join(tmpdir(), 'result-layers-'));
const noise = (width: number, height: number, mean: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean, sigma: 40 } } }).png().toBuffer();
const rgba = async (png: Uint8Array) => new Uint8Array((await sharp(png).ensureAlpha().raw().toBuffer()).buffer.slice(0));
const identify = (file: string) => execFileSync('identify', ['-format', '%l|%w|%h|%X|%Y\n', file]).toString().trim().split('\n').map((l) => l.split('|'));
const id = (c: string) => c.repeat(64);

const W = 48;
const H = 32;
const assets: Record<string, Buffer> = {};
const results: Record<string, { item: LibraryItem; bytes: Buffer }> = {};
const item = (resultId: string, endpointId: string, params: LibraryItem['params'], inputs: LibraryItem['inputs'], width: number, height: number) =>
  ({ id: resultId, fileName: `${resultId}.png`, mime: 'image/png', endpointId, endpointTitle: null, release: 'snapshot', params, seed: 7, inputs, width, height, metadataLost: false }) as unknown as LibraryItem;

const exports = new LayerExports({
  appVersion: '1.0.0',
  assetBytes: async (assetId) => assets[assetId]!,
  result: (resultId) => results[resultId]?.item ?? null,
  resultBytes: async (resultId) => results[resultId]!.bytes,
  assetFile: () => Promise.reject(new Error('a result’s export reads bytes')),
  resultFile: () => Promise.reject(new Error('a result’s export reads bytes')),
  project: () => Promise.reject(new Error('no projects here')),
  desktop: { chooseSavePath: async () => null },
  dragPath: async (name) => join(dir, name),
  log: { info: () => {}, warn: () => {}, error: () => {} } as never,
});

beforeAll(async () => {
  assets[id('a')] = await noise(W, H, 90);
  assets[id('d')] = await sharp({ create: { width: W, height: H, channels: 3, background: '#000' } })
    .composite([{ input: await sharp({ create: { width: 10, height: 8, channels: 3, background: '#fff' } }).png().toBuffer(), left: 5, top: 6 }])
    .toColourspace('b-w')
    .png()
    .toBuffer();
  assets[id('e')] = await noise(20, 16, 40);
  results.inpaint = {
    item: item('inpaint', 'gen-pro-1.0-fill', { prompt: 'a boat' }, [{ field: 'image', assetId: id('a') }, { field: 'mask', assetId: id('d') }], W, H),
    bytes: await noise(W, H, 160),
  };
  // 20 px added on the left, 8 at the top, 12 on the right: the result is the whole frame
  results.expand = {
    item: item('expand', 'gen-pro-1.0-expand', { top: 8, bottom: 0, left: 20, right: 12 }, [{ field: 'image', assetId: id('a') }], W + 32, H + 8),
    bytes: await noise(W + 32, H + 8, 200),
  };
  results.outpaint = {
    item: item('outpaint', 'outpainting-v1', { width: 100, height: 60, reference_offset_x: 30, reference_offset_y: 10 }, [{ field: 'image', assetId: id('a') }], 100, 60),
    bytes: await noise(100, 60, 120),
  };
  results.boxes = {
    item: item('boxes', 'gen-3-image', { prompt: 'a boat [{"label":"the boat","box":[100,100,500,500]}]' }, [{ field: 'input_image', assetId: id('a') }, { field: 'input_image_2', assetId: id('e') }], W, H),
    bytes: await noise(W, H, 60),
  };
});

async function psdOf(resultId: string) {
  const file = join(dir, `${resultId}.psd`);
  writeFileSync(file, await exports.encode({ kind: 'result', resultId }, 'psd'));
  return file;
}

describe('a gallery result exported as layers', () => {
  it('of an inpainting carries the mask it was sent as the result’s layer mask and as its own hidden grey layer', async () => {
    const file = await psdOf('inpaint');
    // ImageMagick 6 reads the Pascal (Latin-1) name, where "·" and "…" are not: they come back as "?"
    expect(identify(file).slice(1).map((l) => l[0])).toEqual(['Original ? image', 'gen-pro-1.0-fill ? a boat ? 7', 'Mask (white = change)']);
    const records = readPsdLayerMasks(new Uint8Array(readFileSync(file)));
    const top = records[1]!;
    expect(top.mask).toMatchObject({ left: 0, top: 0, right: W, bottom: H, disabled: true });
    expect(top.mask!.pixels).toEqual(new Uint8Array((await sharp(assets[id('d')]).extractChannel(0).raw().toBuffer()).buffer.slice(0)));
    expect(records.find((r) => r.name === 'Mask (white = change)')!.hidden).toBe(true);
    expect(new Uint8Array(execFileSync('convert', [`${file}[1]`, 'rgba:-']))).toEqual(await rgba(assets[id('a')]!));
  });

  it('of an expansion is the frame’s size, the picture at its offset and the result filling it', async () => {
    const lines = identify(await psdOf('expand'));
    expect(lines[0]!.slice(1)).toEqual([String(W + 32), String(H + 8), '+0', '+0']);
    expect(lines.slice(1).map((l) => l.slice(1))).toEqual([
      [String(W), String(H), '+20', '+8'],
      [String(W + 32), String(H + 8), '+0', '+0'],
    ]);
    const ora = readOraBySpec(await exports.encode({ kind: 'result', resultId: 'expand' }, 'ora'));
    expect([ora.width, ora.height]).toEqual([W + 32, H + 8]);
    expect(ora.layers.map((l) => [l.x, l.y])).toEqual([[0, 0], [20, 8]]);
    expect(await rgba(ora.files[ora.layers[1]!.src]!)).toEqual(await rgba(assets[id('a')]!));
  });

  it('of an outpainting is the frame the task sent, the original at its offset', async () => {
    const ora = readOraBySpec(await exports.encode({ kind: 'result', resultId: 'outpaint' }, 'ora'));
    expect([ora.width, ora.height]).toEqual([100, 60]);
    expect(ora.layers.map((l) => [l.x, l.y])).toEqual([[0, 0], [30, 10]]);
  });

  it('holds every other picture it was sent as a hidden references group and the prompt’s boxes as a hidden layer', async () => {
    const ora = readOraBySpec(await exports.encode({ kind: 'result', resultId: 'boxes' }, 'ora'));
    expect(ora.layers.map((l) => l.name)).toEqual(['Boxes', 'Reference 1 · input_image_2', expect.stringContaining('a boat'), 'Original · input_image']);
    expect(ora.stacks).toEqual([{ name: 'References', visibility: 'hidden' }]);
    expect(ora.layers[0]!.visibility).toBe('hidden');
    expect(await rgba(ora.files[ora.layers[1]!.src]!)).toEqual(await rgba(assets[id('e')]!));
    // the box covers 10% to 50% of the picture: its outline is drawn there, nothing far outside it (the layer
    // covers only what is drawn, at its offset: buildLayered.test.ts)
    const layer = ora.layers[0]!;
    const { data: boxes, info } = await sharp(ora.files[layer.src]!).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => (x < layer.x || y < layer.y || x >= layer.x + info.width || y >= layer.y + info.height ? 0 : boxes[(y - layer.y) * info.width + x - layer.x]!);
    expect(at(Math.round(W * 0.1), Math.round(H * 0.3))).toBeGreaterThan(0);
    expect(at(W - 2, H - 2)).toBe(0);

  });
});

describe('a layered export refused', () => {
  it('in words the window says in its language, their English as before', async () => {
    const german = createText('de', await loadMessages('de'));
    results.clip = { item: { ...item('clip', 'gen-video', {}, [], W, H), mime: 'video/mp4' } as LibraryItem, bytes: Buffer.alloc(0) };
    const handlers = layerHandlers(exports, new LayeredIntakeService(() => Promise.reject(new Error('nothing is stored'))));
    const cases = [
      [await refusalOf(exports.encode({ kind: 'result', resultId: 'gone' }, 'psd')), 'That result is no longer in the library.'],
      [await refusalOf(exports.encode({ kind: 'result', resultId: 'clip' }, 'psd')), 'A video has no layers: save it as MP4, or drag it out.'],
      [await refusalOf(handlers['layers.startDrag']({ source: { kind: 'result', resultId: 'inpaint' }, format: 'psd' }, {})), 'Dragging out is not available in this window.'],
    ] as const;
    for (const [failure, inEnglish] of cases) {
      expect(failure.message).toBe(inEnglish);
      expect(say(german, failure.words, failure.message), inEnglish).not.toBe(inEnglish);
    }
    expect(say(german, cases[0][0].words, '')).toBe('Dieses Ergebnis ist nicht mehr in der Galerie.');
  });
});
