import { describe, expect, it } from 'vitest';
import { emptyDocument, type CanvasDocument } from '../../../shared/canvas/document';
import type { LibraryItem } from '../../../shared/ipc/contract';
import { projectSources } from './layerSources';

const image = (id: string, name: string) => ({ assetId: id.repeat(64), name, width: 8, height: 8 });
const item = (id: string, prompt: string, seed: number) =>
  ({ id, mime: 'image/png', endpointId: 'gen-pro-1.0-fill', endpointTitle: 'Pro 1.0 Fill', release: 'snapshot', params: { prompt }, seed, inputs: [], width: 8, height: 8, metadataLost: false }) as unknown as LibraryItem;

describe('a project’s layers', () => {
  it('are the original, each accepted version named by what made it, then the result shown now; the frame and the JSON come along', async () => {
    const document: CanvasDocument = {
      ...emptyDocument('gen-pro-1.0-fill'),
      base: image('c', 'now.png'),
      // newest first: b was replaced by task-2 (whose result is c), a by task-1 (whose result is b)
      versions: [
        { image: image('b', 'b.png'), replacedAt: 2, replacedBy: 'task-2' },
        { image: image('a', 'harbour.png'), replacedAt: 1, replacedBy: 'task-1' },
      ],
      expansion: { top: 4, bottom: 0, left: 2, right: 6 },
    };
    const results: Record<string, LibraryItem> = { 'task-1': item('task-1', 'a lighthouse on the rocks', 1195921958), 'task-2': item('task-2', 'stormy', 7), shown: item('shown', 'at night', 3) };
    const sources = await projectSources(
      {
        appVersion: '1.0.0',
        assetBytes: async (id) => new TextEncoder().encode(id[0]),
        assetFile: async (id) => `/assets/${id[0]}.png`,
        result: (id) => results[id] ?? null,
        resultBytes: async () => new Uint8Array([1]),
        resultFile: async (id) => `/library/${id}.png`,
      },
      { name: 'Harbour', document, mask: null, shownResultId: 'shown' },
    );
    expect(sources.pictures.map((p) => p.name)).toEqual(['Original · harbour.png', 'Pro 1.0 Fill · a lighthouse on… · 1195921958', 'Pro 1.0 Fill · stormy · 7', 'Pro 1.0 Fill · at night · 3']);
    expect(sources.pictures.map((p) => p.bytes)).toEqual([{ file: '/assets/a.png' }, { file: '/assets/b.png' }, { file: '/assets/c.png' }, { file: '/library/shown.png' }]);
    expect(sources.frame).toEqual({ width: 16, height: 12, offsetX: 2, offsetY: 4 });
    const json = JSON.parse(sources.metadata.json) as { project: string; layers: Array<{ layer: string }> };
    expect(json.project).toBe('Harbour');
    expect(json.layers.map((l) => l.layer)).toHaveLength(3);
    expect(sources.metadata.xmp).toContain('at night');
  });
});
