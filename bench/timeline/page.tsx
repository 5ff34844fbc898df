/**
 * The browser side of the timeline benchmark: the app's own Timeline component and canvas store with ten
 * keyframes pinned, dragged by pointer events as a person would. `window.gen` answers the one call the
 * timeline makes (an asset's preview address) with a small picture, so no core is needed.
 */
import type { AssetInfo } from '../../src/shared/ipc/contract';

const thumb = (() => {
  const c = document.createElement('canvas');
  c.width = 64;
  c.height = 36;
  const ctx = c.getContext('2d')!;
  ctx.fillStyle = '#4a7';
  ctx.fillRect(0, 0, 64, 36);
  return c.toDataURL('image/png');
})();

const asset = (id: string): AssetInfo => ({
  id,
  name: `${id.slice(0, 4)}.png`,
  mime: 'image/png',
  bytes: 100,
  width: 64,
  height: 36,
  hasAlpha: false,
  url: thumb,
  thumbnailUrl: thumb,
  kind: 'image',
  seconds: null,
  frames: null,
  fps: null,
  hasPoster: true,
});
(window as unknown as { gen: unknown }).gen = { assets: { get: async ({ id }: { id: string }) => ({ ok: true, value: asset(id) }) } };

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const stats = (xs: number[]) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95), max: Math.max(...xs), n: xs.length });
const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
/**
 * Lets React's scheduler run the render the event queued. A message-channel task, as React's own scheduler
 * uses: a chain of setTimeout(0) would be clamped to 4 ms and time the clamp.
 */
const channel = new MessageChannel();
const task = () =>
  new Promise<void>((r) => {
    channel.port1.onmessage = () => r();
    channel.port2.postMessage(null);
  });

async function setup() {
  const [{ createRoot }, { createElement }, { emptyDocument }, { useCanvasStore }, { Timeline }] = await Promise.all([
    import('react-dom/client'),
    import('react'),
    import('../../src/shared/canvas/document'),
    import('../../src/renderer/src/features/canvas/canvasStore'),
    import('../../src/renderer/src/features/video/Timeline'),
  ]);
  const store = useCanvasStore.getState();
  store.load({ ...emptyDocument('gen-3-video'), intent: 'video', formValues: { 'gen-3-video': { mode: 'i2v', duration: 20 } } }, null);
  for (let i = 0; i < 10; i++) {
    const id = (i + 10).toString(16).repeat(32).slice(0, 64);
    store.pinKeyframe({ assetId: id, name: `k${i}.png`, width: 64, height: 36 }, i * 48);
  }
  createRoot(document.getElementById('app')!).render(createElement(Timeline));
  for (let i = 0; i < 10; i++) await frame();
  return useCanvasStore;
}

/**
 * Drags the fifth keyframe back and forth along the track: `work` is each move's main-thread time from the
 * pointer event to the committed, laid-out timeline; `frames` the interval between painted frames while one move
 * is sent per frame (what the artist sees).
 */
async function drag(moves: number): Promise<{ work: ReturnType<typeof stats>; frames: ReturnType<typeof stats>; keyframes: number; steps: number; trackWidth: number; positions: number }> {
  const store = await setup();
  const marker = document.querySelectorAll<HTMLButtonElement>('.keyframe')[4]!;
  const track = document.querySelector<HTMLDivElement>('.timeline-track')!;
  const box = track.getBoundingClientRect();
  const ev = (type: string, x: number) => new PointerEvent(type, { clientX: x, clientY: box.top + 20, pointerId: 1, bubbles: true, button: 0, buttons: 1, isPrimary: true, pointerType: 'mouse' });
  const stepsBefore = store.getState().historySize().entries;
  const xAt = (i: number) => box.left + box.width * (0.3 + 0.4 * Math.abs(Math.sin(i / 25)));
  marker.dispatchEvent(ev('pointerdown', xAt(0)));
  const work: number[] = [];
  const seen = new Set<string>();
  for (let i = 1; i <= moves; i++) {
    const t = performance.now();
    marker.dispatchEvent(ev('pointermove', xAt(i)));
    await task();
    void track.offsetWidth;
    void marker.getBoundingClientRect();
    work.push(performance.now() - t);
    seen.add(marker.style.left);
  }
  const frames: number[] = [];
  let last = await frame();
  for (let i = 0; i < moves; i++) {
    marker.dispatchEvent(ev('pointermove', xAt(i + moves)));
    const now = await frame();
    frames.push(now - last);
    last = now;
  }
  marker.dispatchEvent(ev('pointerup', xAt(2 * moves)));
  return { positions: seen.size, trackWidth: Math.round(box.width), work: stats(work), frames: stats(frames), keyframes: store.getState().document.timeline.keyframes.length, steps: store.getState().historySize().entries - stepsBefore };
}

Object.assign(window, { bench: { drag } });
