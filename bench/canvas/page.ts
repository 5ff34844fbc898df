/**
 * The browser side of the canvas benchmark: the app's own canvas (CanvasManager, store, mask export) on a
 * 4096 x 4096 picture, and beside it a minimal plain-canvas brush painting the same strokes.
 */
import { emptyDocument } from '../../src/shared/canvas/document';
import { historySize, useCanvasStore } from '../../src/renderer/src/features/canvas/canvasStore';
import { CanvasManager } from '../../src/renderer/src/features/canvas/konva/CanvasManager';
import { maskPng } from '../../src/renderer/src/features/canvas/pixels';

const SIZE = 4096;
const VIEW = { width: 1200, height: 800 };
type Stroke = [number, number][];

function picture(): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = c.height = SIZE;
  const ctx = c.getContext('2d')!;
  const g = ctx.createLinearGradient(0, 0, SIZE, SIZE);
  g.addColorStop(0, '#224');
  g.addColorStop(1, '#c84');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, SIZE, SIZE);
  return c;
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function setupApp(): Promise<CanvasManager> {
  const blob = await new Promise<Blob>((resolve) => picture().toBlob((b) => resolve(b!), 'image/png'));
  const url = URL.createObjectURL(blob);
  const host = document.getElementById('app') as HTMLDivElement;
  const manager = new CanvasManager(host, async () => url);
  useCanvasStore.getState().load({ ...emptyDocument('gen-pro-1.0-fill'), base: { assetId: 'f'.repeat(64), name: 'bench.png', width: SIZE, height: SIZE } }, null);
  useCanvasStore.getState().setBase({ assetId: 'e'.repeat(64), name: 'bench.png', width: SIZE, height: SIZE });
  await new Promise((r) => setTimeout(r, 500));
  useCanvasStore.getState().setView(manager.fitView());
  useCanvasStore.getState().setTool('brush');
  useCanvasStore.getState().setBrush({ size: 60, hardness: 0.8 });
  manager.drawNow();
  return manager;
}

let manager: CanvasManager | null = null;

/** Pointer events into the real stage; each timed from dispatch to the end of the redraw. */
async function runApp(strokes: Stroke[]): Promise<number[]> {
  manager ??= await setupApp();
  const content = manager.stage.content;
  const rect = content.getBoundingClientRect();
  const { view } = useCanvasStore.getState();
  const at = (x: number, y: number) => ({ clientX: rect.left + view.x + x * view.scale, clientY: rect.top + view.y + y * view.scale, pointerId: 1, bubbles: true, button: 0, buttons: 1, isPrimary: true, pointerType: 'mouse' });
  const times: number[] = [];
  for (const stroke of strokes) {
    const [x0, y0] = stroke[0]!;
    content.dispatchEvent(new PointerEvent('pointerdown', at(x0, y0)));
    for (const [x, y] of stroke.slice(1)) {
      const t = performance.now();
      content.dispatchEvent(new PointerEvent('pointermove', at(x, y)));
      manager.drawNow();
      times.push(performance.now() - t);
    }
    content.dispatchEvent(new PointerEvent('pointerup', at(...stroke.at(-1)!)));
  }
  return times;
}

/** The same strokes with the least a brush can do: stroke a path into a full-size canvas, redraw the view. */
async function runPlain(strokes: Stroke[]): Promise<number[]> {
  const base = picture();
  const mask = document.createElement('canvas');
  mask.width = mask.height = SIZE;
  const mctx = mask.getContext('2d')!;
  mctx.strokeStyle = 'rgba(255, 59, 107, 1)';
  mctx.lineWidth = 60;
  mctx.lineCap = mctx.lineJoin = 'round';
  const view = document.getElementById('plain') as HTMLCanvasElement;
  view.style.display = 'block';
  const vctx = view.getContext('2d')!;
  const scale = Math.min(VIEW.width / SIZE, VIEW.height / SIZE);
  const redraw = () => {
    vctx.clearRect(0, 0, VIEW.width, VIEW.height);
    vctx.drawImage(base, 0, 0, SIZE * scale, SIZE * scale);
    vctx.globalAlpha = 0.5;
    vctx.drawImage(mask, 0, 0, SIZE * scale, SIZE * scale);
    vctx.globalAlpha = 1;
  };
  const times: number[] = [];
  for (const stroke of strokes) {
    let [px, py] = stroke[0]!;
    for (const [x, y] of stroke.slice(1)) {
      const t = performance.now();
      mctx.beginPath();
      mctx.moveTo(px, py);
      mctx.lineTo(x, y);
      mctx.stroke();
      redraw();
      times.push(performance.now() - t);
      [px, py] = [x, y];
    }
  }
  view.style.display = 'none';
  return times;
}

/** Runs `work` while counting how long the main thread goes without a turn (a frame it could not draw). */
async function longestPause<T>(work: () => Promise<T>): Promise<{ ms: number; pause: number }> {
  let last = performance.now();
  let pause = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    pause = Math.max(pause, now - last);
    last = now;
    if (running) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  const t = performance.now();
  await work();
  const ms = performance.now() - t;
  running = false;
  pause = Math.max(pause, performance.now() - last);
  return { ms, pause };
}

async function exportApp(): Promise<{ ms: number; pause: number }> {
  const { mask } = useCanvasStore.getState();
  return longestPause(() => maskPng(mask!));
}

/** The same mask content, in a canvas, written by the browser's own PNG encoder. */
async function exportPlain(): Promise<{ ms: number; pause: number; fill: number }> {
  const { mask } = useCanvasStore.getState();
  const t0 = performance.now();
  const c = document.createElement('canvas');
  c.width = mask!.width;
  c.height = mask!.height;
  const ctx = c.getContext('2d')!;
  const image = ctx.createImageData(mask!.width, mask!.height);
  const rgba = new Uint32Array(image.data.buffer);
  const grey = mask!.data;
  for (let i = 0; i < grey.length; i++) rgba[i] = (0xff000000 | (grey[i]! * 0x010101)) >>> 0;
  ctx.putImageData(image, 0, 0);
  const fill = performance.now() - t0;
  const timed = await longestPause(() => new Promise((resolve) => c.toBlob(resolve, 'image/png')));
  return { ...timed, fill };
}

function heap(): number {
  (window as unknown as { gc?: () => void }).gc?.();
  return (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? NaN;
}

const stats = (xs: number[]) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95), max: Math.max(...xs), n: xs.length });
Object.assign(window, {
  bench: {
    brush: async (strokes: Stroke[]) => ({ app: stats(await runApp(strokes)), plain: stats(await runPlain(strokes)) }),
    exportMask: async () => ({ app: await exportApp(), plain: await exportPlain() }),
    strokesAndHeap: async (strokes: Stroke[]) => {
      await runApp(strokes);
      return { heap: heap(), history: historySize().bytes, entries: historySize().entries };
    },
    heap,
  },
});
