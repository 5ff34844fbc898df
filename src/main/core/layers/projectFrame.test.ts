import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyDocument, type CanvasDocument } from '../../../shared/canvas/document';
import type { LibraryItem } from '../../../shared/ipc/contract';
import { readOraBySpec } from '../testing/oraBySpec';
import { LayerExports } from './layerExports';

/**
 * The studio's "Export layers…" of an expansion it shows agrees with the gallery's export of the same result: the
 * result is the whole frame, the picture it worked on sits at the frame's offset. Read back by ImageMagick and the
 * spec-written ORA reader, never the app's.
 */
const dir = mkdtempSync(join(tmpdir(), 'project-frame-'));
const W = 48;
const H = 32;
const id = (c: string) => c.repeat(64);
const noise = (width: number, height: number, mean: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean, sigma: 40 } } }).png().toBuffer();
const identify = (file: string) => execFileSync('identify', ['-format', '%w|%h|%X|%Y\n', file]).toString().trim().split('\n').map((l) => l.split('|'));

const expandItem = { id: 'expand', fileName: 'expand.png', mime: 'image/png', endpointId: 'gen-pro-1.0-expand', endpointTitle: null, release: 'snapshot', params: { top: 8, bottom: 0, left: 20, right: 12 }, seed: 7, inputs: [{ field: 'image', assetId: id('a') }], width: W + 32, height: H + 8, metadataLost: false } as unknown as LibraryItem;
const document: CanvasDocument = {
  ...emptyDocument('gen-pro-1.0-expand'),
  base: { assetId: id('a'), name: 'harbour.png', width: W, height: H },
  expansion: { top: 8, bottom: 0, left: 20, right: 12 },
};

const exports = new LayerExports({
  appVersion: '1.0.0',
  assetBytes: () => Promise.reject(new Error('a project’s export reads files')),
  result: (resultId) => (resultId === 'expand' ? expandItem : null),
  resultBytes: () => Promise.reject(new Error('a project’s export reads files')),
  assetFile: async () => join(dir, 'harbour.png'),
  resultFile: async () => join(dir, 'expand.png'),
  project: async () => ({ name: 'Harbour', document, mask: null }),
  desktop: { chooseSavePath: async () => null },
  dragPath: async (name) => join(dir, name),
  log: { info: () => {}, warn: () => {}, error: () => {} } as never,
});
const source = { kind: 'project', projectId: 'p1', shownResultId: 'expand' } as const;

beforeAll(async () => {
  writeFileSync(join(dir, 'harbour.png'), await noise(W, H, 90));
  writeFileSync(join(dir, 'expand.png'), await noise(W + 32, H + 8, 200));
});

describe('the studio’s export of an expansion it shows', () => {
  it('is the frame’s size, the result filling it from the top left and the original at the frame’s offset', async () => {
    const file = join(dir, 'studio.psd');
    writeFileSync(file, await exports.encode(source, 'psd'));
    expect(identify(file)).toEqual([
      [String(W + 32), String(H + 8), '+0', '+0'],
      [String(W), String(H), '+20', '+8'],
      [String(W + 32), String(H + 8), '+0', '+0'],
    ]);
    const ora = readOraBySpec(await exports.encode(source, 'ora'));
    expect([ora.width, ora.height]).toEqual([W + 32, H + 8]);
    // top first: the result, then the original
    expect(ora.layers.map((l) => [l.x, l.y])).toEqual([[0, 0], [20, 8]]);
  });
});
