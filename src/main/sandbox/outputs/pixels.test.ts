import { describe, expect, it } from 'vitest';
import { endpointPath, getEndpoint } from '../../../shared/catalog/catalog';
import type { JsonValue } from '../../../shared/catalog/field';
import { sandboxPerFile } from '../testing/lifecycle';
import { detailedRgba, maskPng, pixelAt, pixelsOf, rgbaToPngBase64, solidPng, type Pixels } from '../testing/media';
import { boxColor, gridCells } from './compose';
import { TORSO } from './vto';

const fx = sandboxPerFile();

async function output(endpointId: string, body: Record<string, JsonValue>): Promise<{ pixels: Pixels; bytes: Buffer }> {
  const submitted = await fx.client.post<{ polling_url: string }>(endpointPath(getEndpoint(endpointId)), body);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const ready = await fx.client.poll(submitted.body.polling_url);
  expect(ready.status).toBe('Ready');
  const file = await fx.client.download(ready.result?.sample ?? '');
  return { pixels: await pixelsOf(file.bytes), bytes: file.bytes };
}

const W = 160;
const H = 120;
const HOLE = { x: 50, y: 30, w: 40, h: 50 };
const inHole = (x: number, y: number) => x >= HOLE.x && x < HOLE.x + HOLE.w && y >= HOLE.y && y < HOLE.y + HOLE.h;

/** Counts pixels inside and outside a region that differ from the source. */
function compare(source: Buffer, out: Pixels, inside: (x: number, y: number) => boolean, dx = 0, dy = 0, width = W, height = H) {
  let changedOutside = 0;
  let changedInside = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * 4;
      const o = ((y + dy) * out.width + (x + dx)) * 4;
      const same = source.subarray(s, s + 4).equals(out.data.subarray(o, o + 4));
      if (inside(x, y)) changedInside += same ? 0 : 1;
      else changedOutside += same ? 0 : 1;
    }
  }
  return { changedOutside, changedInside };
}

describe('fill changes masked pixels only', () => {
  it('with a mask: every unmasked pixel is byte-identical in the PNG output, the masked ones are repainted', async () => {
    const source = detailedRgba(W, H);
    const { pixels } = await output('gen-pro-1.0-fill', {
      image: await rgbaToPngBase64(source, W, H, false),
      mask: await maskPng(W, H, [HOLE]),
      prompt: 'a red door',
      output_format: 'png',
      seed: 3,
    });
    expect([pixels.width, pixels.height]).toEqual([W, H]);
    const { changedOutside, changedInside } = compare(source, pixels, inHole);
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(HOLE.w * HOLE.h * 0.9);
  });

  it('with the image’s alpha as the mask: transparent pixels are repainted (and made opaque), opaque ones kept exactly', async () => {
    const source = detailedRgba(W, H, (x, y) => (inHole(x, y) ? 0 : 255));
    const { pixels } = await output('gen-pro-1.0-fill', { image: await rgbaToPngBase64(source, W, H), output_format: 'png', seed: 3 });
    const { changedOutside, changedInside } = compare(source, pixels, inHole);
    expect(changedOutside).toBe(0);
    expect(changedInside).toBe(HOLE.w * HOLE.h);
    expect(pixelAt(pixels, HOLE.x + 5, HOLE.y + 5)[3]).toBe(255);
  });
});

describe('expand and outpainting keep the original at its offset', () => {
  it('expand: a canvas grown by each side, the original byte for byte at (left, top), the new area filled', async () => {
    const source = detailedRgba(W, H);
    const sides = { top: 17, bottom: 40, left: 33, right: 8 };
    const { pixels } = await output('gen-pro-1.0-expand', { image: await rgbaToPngBase64(source, W, H, false), ...sides, output_format: 'png', seed: 9 });
    expect([pixels.width, pixels.height]).toEqual([W + sides.left + sides.right, H + sides.top + sides.bottom]);
    expect(compare(source, pixels, () => false, sides.left, sides.top).changedOutside).toBe(0);
    // The new area is opaque and not one flat colour.
    const corners = [pixelAt(pixels, 2, 2), pixelAt(pixels, pixels.width - 3, pixels.height - 3), pixelAt(pixels, 5, pixels.height - 10)];
    expect(corners.every((p) => p[3] === 255)).toBe(true);
    expect(new Set(corners.map((p) => p.join())).size).toBeGreaterThan(1);
  });

  it('outpainting-v1: the requested canvas with the original at its reference offset', async () => {
    const source = detailedRgba(W, H);
    const { pixels } = await output('outpainting-v1', {
      image: await rgbaToPngBase64(source, W, H, false),
      width: 400,
      height: 300,
      reference_offset_x: 200,
      reference_offset_y: 90,
    });
    expect([pixels.width, pixels.height, pixels.format]).toEqual([400, 300, 'png']);
    expect(compare(source, pixels, () => false, 200, 90).changedOutside).toBe(0);
  });
});

describe('tools', () => {
  it('erase fills the masked area from its surroundings and keeps the rest', async () => {
    const source = detailedRgba(W, H);
    const { pixels } = await output('erase-v1', { image: await rgbaToPngBase64(source, W, H, false), mask: await maskPng(W, H, [HOLE]) });
    const { changedOutside, changedInside } = compare(source, pixels, inHole);
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(HOLE.w * HOLE.h * 0.5);
  });

  it('erase grows the mask by edge_expansion', async () => {
    const source = detailedRgba(W, H);
    const grown = (x: number, y: number) => x >= HOLE.x - 4 && x < HOLE.x + HOLE.w + 4 && y >= HOLE.y - 4 && y < HOLE.y + HOLE.h + 4;
    const { pixels } = await output('erase-v1', { image: await rgbaToPngBase64(source, W, H, false), mask: await maskPng(W, H, [HOLE]), edge_expansion: 4 });
    const { changedOutside, changedInside } = compare(source, pixels, grown);
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan((HOLE.w + 8) * (HOLE.h + 8) * 0.5);
  });

  it('deblur keeps the size', async () => {
    const { pixels } = await output('deblur-v1', { image: await rgbaToPngBase64(detailedRgba(W, H), W, H, false) });
    expect([pixels.width, pixels.height]).toEqual([W, H]);
  });

  it('vto-v1 downscales inputs above 2 MP to about 1 MP, as the document says', async () => {
    const submitted = await fx.client.post<{ polling_url: string; input_mp: number; output_mp: number }>(endpointPath(getEndpoint('vto-v1')), {
      person_image: await solidPng(2000, 1500),
      garment_image: await solidPng(100, 100),
      output_format: 'png',
    });
    expect(submitted.body.output_mp).toBeCloseTo(1, 1);
    const ready = await fx.client.poll(submitted.body.polling_url);
    const pixels = await pixelsOf((await fx.client.download(ready.result?.sample ?? '')).bytes);
    expect(pixels.width / pixels.height).toBeCloseTo(2000 / 1500, 2);
    expect(pixels.width * pixels.height).toBeGreaterThan(0.95e6);
    expect(pixels.width * pixels.height).toBeLessThan(1.05e6);
  });

  it('try-on puts the garment on the person', async () => {
    const { pixels } = await output('vto-v2', {
      person_image: await solidPng(200, 300, [20, 200, 20]),
      garment_image: await solidPng(50, 50, [230, 20, 20]),
      output_format: 'png',
    });
    expect([pixels.width, pixels.height]).toEqual([200, 300]);
    const torso = pixelAt(pixels, 100, Math.round(300 * ((TORSO.top + TORSO.bottom) / 2)));
    expect(torso[0]).toBeGreaterThan(180);
    expect(torso[1]).toBeLessThan(60);
    expect(pixelAt(pixels, 5, 5).slice(0, 3)).toEqual([20, 200, 20]);
  });
});

describe('compositions', () => {
  const COLORS: [number, number, number][] = [
    [250, 0, 0],
    [0, 250, 0],
    [0, 0, 250],
    [250, 250, 0],
    [0, 250, 250],
  ];

  it('use every reference, in order', async () => {
    const body: Record<string, JsonValue> = { prompt: 'combine them', width: 640, height: 320, output_format: 'png', seed: 1 };
    for (const [i, c] of COLORS.entries()) body[i === 0 ? 'input_image' : `input_image_${i + 1}`] = await solidPng(40, 40, c);
    const { pixels } = await output('gen-2-flex', body);
    const cells = gridCells(COLORS.length, 640, 320);
    for (const [i, cell] of cells.entries()) {
      const centre = pixelAt(pixels, cell.x + Math.floor(cell.width / 2), cell.y + Math.floor(cell.height / 2));
      expect(centre.slice(0, 3), `reference ${i + 1}`).toEqual(COLORS[i]);
    }
  });

  it('edit one reference in place (context endpoint)', async () => {
    const { pixels } = await output('gen-ctx-max', { prompt: 'make it dusk', input_image: await solidPng(300, 200, [0, 0, 250]), seed: 2 });
    expect([pixels.width, pixels.height]).toEqual([300, 200]);
    const centre = pixelAt(pixels, 150, 100);
    expect(centre[2]).toBeGreaterThan(centre[0] + 60);
  });

  it('draw the bounding boxes appended to a third-generation prompt', async () => {
    const prompt = 'a cat and a dog [{"label":"cat","box":[100,100,500,600]},{"label":"dog","box":[550,200,950,900]}]';
    const { pixels } = await output('gen-3-image', { prompt, aspect_ratio: '1:1', resolution: '768sq', output_format: 'png', seed: 4 });
    expect([pixels.width, pixels.height]).toEqual([768, 768]);
    const edge = (v: number) => Math.round((v / 1000) * 768);
    expect(pixelAt(pixels, edge(300), edge(100)).slice(0, 3)).toEqual([...boxColor('cat')]);
    expect(pixelAt(pixels, edge(550), edge(600)).slice(0, 3)).toEqual([...boxColor('dog')]);
  });
});

describe('determinism', () => {
  it('the same request and seed give the same bytes; another seed or prompt another picture', async () => {
    const body = { prompt: 'a lighthouse', width: 256, height: 256, output_format: 'png', seed: 77 };
    const a = await output('gen-dev', body);
    const b = await output('gen-dev', body);
    const c = await output('gen-dev', { ...body, seed: 78 });
    const d = await output('gen-dev', { ...body, prompt: 'a windmill' });
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(a.pixels.data.equals(c.pixels.data)).toBe(false);
    expect(a.pixels.data.equals(d.pixels.data)).toBe(false);
  });
});
