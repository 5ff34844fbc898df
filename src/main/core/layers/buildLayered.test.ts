import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BOXES_LAYER, buildLayered, type LayerSources } from './buildLayered';

const W = 900;
const H = 600;

const sources = async (boxes: LayerSources['boxes']): Promise<LayerSources> => ({
  pictures: [{ name: 'Original', bytes: await sharp({ create: { width: W, height: H, channels: 3, background: '#345' } }).png().toBuffer() }],
  frame: null,
  mask: null,
  references: [],
  boxes,
  metadata: { json: '{}', xmp: null },
});

async function boxesLayer(boxes: LayerSources['boxes']) {
  const plan = await buildLayered(await sources(boxes));
  const layer = plan.layers.find((l) => l.name === BOXES_LAYER);
  if (layer?.kind !== 'pixels') throw new Error('no boxes layer');
  return { layer, pixels: await layer.pixels.rgba() };
}

describe('the boxes layer', () => {
  it('covers only what is drawn, at its offset, with the outline and the whole label inside it', async () => {
    const { layer, pixels } = await boxesLayer([{ id: 'b', label: 'the lighthouse, tall and white', x: 300, y: 200, width: 200, height: 150 }]);
    expect(layer.left).toBeGreaterThan(250);
    expect(layer.top).toBeGreaterThan(150);
    expect(pixels.width * pixels.height).toBeLessThan((W * H) / 2);
    const alpha = (x: number, y: number) => pixels.data[(y * pixels.width + x) * 4 + 3]!;
    // the outline's top left corner, in the document at (300, 200)
    expect(alpha(300 - layer.left, 200 - layer.top)).toBeGreaterThan(0);
    // nothing drawn reaches the layer's edges: no stroke or glyph is cut off
    const edges: number[] = [];
    for (let x = 0; x < pixels.width; x++) edges.push(alpha(x, 0), alpha(x, pixels.height - 1));
    for (let y = 0; y < pixels.height; y++) edges.push(alpha(0, y), alpha(pixels.width - 1, y));
    expect(Math.max(...edges)).toBe(0);
  });

  it('stays inside the document when a box runs off it', async () => {
    const { layer, pixels } = await boxesLayer([{ id: 'b', label: 'edge', x: 800, y: 500, width: 300, height: 300 }]);
    expect(layer.left + pixels.width).toBeLessThanOrEqual(W);
    expect(layer.top + pixels.height).toBeLessThanOrEqual(H);
  });
});
