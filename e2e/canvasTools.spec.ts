import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { dragImage, exportedMask, openCanvas, openPicture, png, requestJson, screenPoint, settle, shortcut, useModel } from './canvasDriver';
import { expect, test } from './fixtures';

const W = 400;
const H = 300;

const view = async (canvas: Locator) => ((await canvas.getAttribute('data-view')) ?? '1,0,0').split(',').map(Number) as [number, number, number];

/** Pixels that are white in one mask and not the other. */
const mismatches = (a: Uint8Array, b: Uint8Array) => a.reduce((n, v, i) => n + ((v >= 128) !== (b[i]! >= 128) ? 1 : 0), 0);
const whiteBox = (grey: Uint8Array, width: number) => {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  grey.forEach((v, i) => {
    if (v < 128) return;
    const x = i % width;
    const y = Math.floor(i / width);
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  });
  return [x0, y0, x1, y1];
};

/** The shapes a user expects, by the rule the canvas states: pixel centres inside the ellipse or the polygon. */
function ellipseAndTriangle(width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const tri: [number, number][] = [[200, 50], [300, 50], [250, 150]];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [px, py] = [x + 0.5, y + 0.5];
      const inEllipse = ((px - 100) / 50) ** 2 + ((py - 80) / 30) ** 2 <= 1;
      let inside = false;
      for (let i = 0, j = tri.length - 1; i < tri.length; j = i++) {
        const [ax, ay] = tri[i]!;
        const [bx, by] = tri[j]!;
        if (ay > py !== by > py && px < ax + ((py - ay) / (by - ay)) * (bx - ax)) inside = !inside;
      }
      out[y * width + x] = inEllipse || inside ? 255 : 0;
    }
  }
  return out;
}

async function pointer(page: Page, canvas: Locator, x: number, y: number) {
  await settle(page);
  const at = await screenPoint(canvas, x, y);
  await page.mouse.move(at.x, at.y);
  return at;
}

test('ellipse and lasso through the toolbar; grow, shrink, feather and invert through the Mask panel', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(W, H, '#345'));
  await shortcut(canvas, 'Control+1');
  await page.getByRole('button', { name: 'Ellipse' }).click();
  await dragImage(page, canvas, [[50, 50], [150, 110]]);
  await page.getByRole('button', { name: 'Lasso' }).click();
  await dragImage(page, canvas, [[200, 50], [300, 50], [250, 150], [200, 50]]);
  let mask = await exportedMask(page, app.dataDir);
  const shapes = ellipseAndTriangle(W, H);
  // Pointer positions may land a fraction of a pixel off; every pixel but a few along the lasso's edges agrees.
  expect(mismatches(mask.grey, shapes)).toBeLessThan(60);
  const painted = shapes.reduce((n, v) => n + (v ? 1 : 0), 0);
  const [l, t, r, b] = whiteBox(mask.grey, W) as [number, number, number, number];

  const pixels = page.getByLabel('Pixels to grow, shrink or feather');
  await pixels.fill('8');
  await page.getByRole('button', { name: 'Grow' }).click();
  mask = await exportedMask(page, app.dataDir);
  // Grown by 8 on every side (the Euclidean distance reaches 8 straight out from the extremes).
  expect(whiteBox(mask.grey, W)).toEqual([l - 8, t - 8, r + 8, b + 8]);
  await page.getByRole('button', { name: 'Shrink' }).click();
  mask = await exportedMask(page, app.dataDir);
  const [x0, y0] = whiteBox(mask.grey, W);
  expect([x0, y0]).toEqual([l, t]);

  await page.getByRole('button', { name: 'Invert' }).click();
  mask = await exportedMask(page, app.dataDir);
  const white = mask.grey.reduce((n, v) => n + (v >= 128 ? 1 : 0), 0);
  expect(Math.abs(white - (W * H - painted))).toBeLessThan(400);

  await page.getByRole('button', { name: 'Feather' }).click();
  mask = await exportedMask(page, app.dataDir);
  expect(mask.grey.some((v) => v > 10 && v < 245), 'a feathered edge has soft values').toBe(true);
  // Each was one step: four undos bring back the shapes as drawn.
  for (let i = 0; i < 4; i++) await shortcut(canvas, 'Control+z');
  mask = await exportedMask(page, app.dataDir);
  expect(mismatches(mask.grey, shapes)).toBeLessThan(60);
});

test('the mask from the picture’s transparency', async ({ app }) => {
  const { page } = app;
  await openCanvas(page);
  // Opaque everywhere but a transparent 100 x 50 hole at (40, 60).
  // dest-out clears the picture wherever the cut-out is opaque.
  const hole = await sharp({ create: { width: 100, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } }).png().toBuffer();
  const picture = await sharp({ create: { width: W, height: H, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 1 } } })
    .composite([{ input: hole, left: 40, top: 60, blend: 'dest-out' }])
    .png()
    .toBuffer();
  await openPicture(page, picture, 'cut-out.png');
  await page.getByRole('button', { name: 'From alpha' }).click();
  const mask = await exportedMask(page, app.dataDir);
  expect(whiteBox(mask.grey, W)).toEqual([40, 60, 139, 109]);
  expect(mask.grey.reduce((n, v) => n + (v >= 128 ? 1 : 0), 0)).toBe(100 * 50);
});

test('zoom around the pointer with the wheel, fit with Ctrl+0, pan with space-drag and the middle button; the readout follows the cursor', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(W, H, '#567'));
  await shortcut(canvas, 'Control+1');

  await pointer(page, canvas, 120, 80);
  await expect(page.getByLabel('Cursor position')).toHaveText('x 120, y 80');

  // The wheel zooms in and the image point under the pointer stays under it.
  const at = await pointer(page, canvas, 100, 100);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await view(canvas))[0]).toBeGreaterThan(1.2);
  const [scale, vx, vy] = await view(canvas);
  const box = (await canvas.boundingBox())!;
  expect((at.x - box.x - vx) / scale).toBeCloseTo(100, 0);
  expect((at.y - box.y - vy) / scale).toBeCloseTo(100, 0);

  await shortcut(canvas, 'Control+0');
  const [fit] = await view(canvas);
  expect(fit).toBeCloseTo(Math.min((box.width - 48) / W, (box.height - 48) / H), 3);

  // Space held: a drag pans, and paints nothing.
  await shortcut(canvas, 'Control+1');
  const before = await view(canvas);
  const start = await pointer(page, canvas, 200, 150);
  await page.keyboard.down(' ');
  await page.mouse.down();
  await page.mouse.move(start.x + 60, start.y + 25, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up(' ');
  const panned = await view(canvas);
  expect([panned[1] - before[1], panned[2] - before[2]]).toEqual([60, 25]);
  await expect(page.getByRole('note').filter({ hasText: 'The mask changed' })).toHaveCount(0);

  // The middle button pans whatever the tool.
  const middle = await pointer(page, canvas, 200, 150);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(middle.x - 40, middle.y - 10, { steps: 5 });
  await page.mouse.up({ button: 'middle' });
  const again = await view(canvas);
  expect([again[1] - panned[1], again[2] - panned[2]]).toEqual([-40, -10]);
});

test('a box resizes by its handle and Delete removes it, each one undo step', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(W, H, '#2c3e50'));
  await useModel(page, 'gen-3-image');
  await shortcut(canvas, 'Control+1');
  await shortcut(canvas, 'm');
  await dragImage(page, canvas, [[100, 100], [200, 200]]);
  await shortcut(canvas, 'v');
  // The bottom-right handle sits on the box's corner.
  await dragImage(page, canvas, [[200, 200], [240, 220]]);
  await expect(page.getByLabel('Box 1 width')).toHaveValue('140');
  await expect(page.getByLabel('Box 1 height')).toHaveValue('120');
  await shortcut(canvas, 'Delete');
  await expect(page.getByRole('list', { name: 'Boxes' }).getByRole('listitem')).toHaveCount(0);
  await shortcut(canvas, 'Control+z');
  await expect(page.getByLabel('Box 1 width')).toHaveValue('140');
  await shortcut(canvas, 'Control+z');
  await expect(page.getByLabel('Box 1 width')).toHaveValue('100');
  expect((await requestJson(page)).params.prompt ?? '').toContain('"box":[250,333,500,667]');
});
