import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './fixtures';
import { defaultIntentOf, INTENTS, type IntentId } from '../src/shared/studio/intents';

export const png = async (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
export const assetIdOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function openCanvas(page: Page): Promise<Locator> {
  await page.getByRole('navigation').getByRole('button', { name: 'Studio' }).click();
  const canvas = page.getByRole('application', { name: 'Canvas' });
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  return canvas;
}

export async function openPicture(page: Page, bytes: Buffer, name = 'photo.png'): Promise<void> {
  const { width, height } = await sharp(bytes).metadata();
  await page.getByLabel('Open a picture').setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
  await expect(page.getByLabel('Image size')).toContainText(`${width} × ${height} px`);
}

/** Two animation frames: Konva draws (and updates its hit regions) on the next frame after a change. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The stage transform the canvas publishes, so pointer coordinates land on exact image pixels. */
export async function screenPoint(canvas: Locator, x: number, y: number): Promise<{ x: number; y: number }> {
  const view = await canvas.getAttribute('data-view');
  const [scale, vx, vy] = (view ?? '1,0,0').split(',').map(Number) as [number, number, number];
  const box = (await canvas.boundingBox())!;
  return { x: box.x + vx + x * scale, y: box.y + vy + y * scale };
}

/** Drags through image points with the mouse, as a user would. */
export async function dragImage(page: Page, canvas: Locator, points: readonly [number, number][]): Promise<void> {
  await settle(page);
  const first = await screenPoint(canvas, ...points[0]!);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const p of points.slice(1)) {
    const s = await screenPoint(canvas, ...p);
    await page.mouse.move(s.x, s.y, { steps: 8 });
  }
  await page.mouse.up();
}

/** Presses a canvas shortcut with the canvas focused (never a text field). */
export async function shortcut(canvas: Locator, key: string): Promise<void> {
  await canvas.focus();
  await canvas.page().keyboard.press(key);
  if (key === 'Control+1') await expect(canvas.page().getByLabel('Zoom', { exact: true })).toHaveText('100%');
  await settle(canvas.page());
}

/** The whole request the studio would send (the view shows asset ids shortened; the element keeps them whole). */
export async function requestJson(page: Page): Promise<{ params: Record<string, unknown>; inputs: Record<string, { assetId: string }> }> {
  const toggle = page.getByRole('checkbox', { name: 'Show request' });
  if (!(await toggle.isChecked())) await toggle.check();
  const text = await page.getByLabel('Request JSON').getAttribute('data-request');
  return JSON.parse(text ?? '{}') as { params: Record<string, unknown>; inputs: Record<string, { assetId: string }> };
}

/**
 * Prepares the studio for a model as an artist would: the intent first, then the model inside it. An editor
 * is chosen under Edit with references (the canvas picture and board are sent) unless another intent is named.
 */
export async function useModel(page: Page, endpointId: string, intentId?: IntentId): Promise<void> {
  const edit = INTENTS.find((i) => i.id === 'edit')!;
  const intent = INTENTS.find((i) => i.id === (intentId ?? (edit.models.includes(endpointId) ? 'edit' : defaultIntentOf(endpointId).id)))!;
  const panel = page.getByRole('region', { name: 'Generate' });
  await panel.getByRole('radio', { name: intent.label, exact: true }).click();
  if (intent.models.length > 1) await panel.getByRole('combobox', { name: 'Model' }).selectOption(endpointId);
  await expect(panel).toHaveAttribute('data-endpoint', endpointId);
}

export const expectModel = (page: Page, endpointId: string) => expect(page.getByRole('region', { name: 'Generate' })).toHaveAttribute('data-endpoint', endpointId);

/** Exports the mask and reads the stored PNG's pixels (grey values) from the asset store on disk. */
export async function exportedMask(page: Page, dataDir: string): Promise<{ width: number; height: number; grey: Uint8Array }> {
  await page.getByRole('button', { name: 'Export mask' }).click();
  await expect(page.getByLabel('Mask export state')).toContainText('exported (');
  const id = (await requestJson(page)).inputs.mask?.assetId;
  expect(id, 'the request names the exported mask').toMatch(/^[a-f0-9]{64}$/);
  const bytes = await readFile(join(dataDir, 'assets', id!.slice(0, 2), `${id}.png`));
  const { data, info } = await sharp(bytes).removeAlpha().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(1);
  return { width: info.width, height: info.height, grey: new Uint8Array(data) };
}

/** The mask a user expects: rectangles filled and hard round-brush segments, at pixel centres. */
export function expectedMask(width: number, height: number, o: { rects?: [number, number, number, number][]; strokes?: { from: [number, number]; to: [number, number]; size: number }[] }): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const inRect = (o.rects ?? []).some(([rx, ry, rw, rh]) => px >= rx && px < rx + rw && py >= ry && py < ry + rh);
      const inStroke = (o.strokes ?? []).some(({ from, to, size }) => {
        const dx = to[0] - from[0];
        const dy = to[1] - from[1];
        const t = Math.max(0, Math.min(1, ((px - from[0]) * dx + (py - from[1]) * dy) / (dx * dx + dy * dy || 1)));
        return Math.hypot(px - (from[0] + t * dx), py - (from[1] + t * dy)) <= size / 2;
      });
      out[y * width + x] = inRect || inStroke ? 255 : 0;
    }
  }
  return out;
}

/** Pixels that differ, for a readable failure. */
export function differences(a: Uint8Array, b: Uint8Array, width: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < a.length && out.length < 5; i++) if (a[i] !== b[i]) out.push(`(${i % width}, ${Math.floor(i / width)}): ${a[i]} vs ${b[i]}`);
  return out;
}
