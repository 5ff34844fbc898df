/**
 * "Use this frame" on a uhd (3840 x 2176) clip, in the real renderer (Chromium bound to the Node core, as in the e2e
 * specs). Prints figures; asserts nothing.
 *   - the time from pressing "Use this frame as the picture" in the results strip to the frame drawn on the canvas
 *     (the canvas marks the picture it draws; one more animation frame puts it on screen), over several runs, each
 *     on another frame so every run stores a new picture: median, p95, min and max;
 *   - beside it, in the same page, the parts: drawing a uhd frame and encoding it as PNG (canvas.toBlob), and
 *     storing that PNG (assets.import); the rest is the canvas loading and decoding the stored picture.
 *
 *   npm run build && npx tsx bench/useFrame.ts [--runs 9] [--seconds 2]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../e2e/harness/launch';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' }, seconds: { type: 'string', default: '2' } } });
const runs = Number(values.runs);
const seconds = Number(values.seconds);

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const summary = (label: string, times: readonly number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${label}: median ${quantile(sorted, 0.5).toFixed(0)} ms, p95 ${quantile(sorted, 0.95).toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms (${sorted.length} runs)`);
};

const dataDir = await mkdtemp(join(tmpdir(), 'gen-bench-useframe-'));
const app = await launchChromium({ dataDir });
const page = app.page;
try {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.getByRole('navigation').getByRole('button', { name: 'Studio' }).click();
  await page.getByRole('status', { name: 'Save status' }).filter({ hasText: 'Saved' }).waitFor();
  const made = Date.now();
  const sent = await page.evaluate(async (seconds) => {
    const listed = await window.gen.projects.list();
    const projectId = listed.ok ? listed.value.lastOpenedId : null;
    const r = await window.gen.tasks.submitGroup({ request: { endpointId: 'gen-3-video', params: { mode: 't2v', prompt: 'a harbour at noon', duration: seconds, resolution: 'uhd' }, inputs: {} }, count: 1, projectId });
    return r.ok ? null : r.error.message;
  }, seconds);
  if (sent) throw new Error(sent);
  const tile = page.getByRole('listbox', { name: 'Results' }).getByRole('option').first();
  await page.waitForFunction(() => document.querySelector('.strip-tile.status-ready') !== null, undefined, { timeout: 300_000 });
  console.log(`uhd clip of ${seconds} s made by the Sandbox in ${((Date.now() - made) / 1000).toFixed(1)} s`);
  await tile.click();
  const player = page.getByRole('group', { name: 'Video result' });
  await page.waitForFunction(() => {
    const v = document.querySelector<HTMLVideoElement>('.video-result video');
    return v !== null && v.readyState >= 2 && v.videoWidth === 3840;
  });
  await player.focus();

  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    // Another frame each run: a frame already stored would be the same asset, and the canvas would have nothing new to draw.
    await page.keyboard.press('Period');
    await page.keyboard.press('Period');
    await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>('.video-result video')?.seeking);
    const ms = await page.evaluate(async () => {
      const stage = document.querySelector<HTMLElement>('[role="application"][aria-label="Canvas"]')!;
      const before = stage.dataset.picture;
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Use this frame as the picture')!;
      const t0 = performance.now();
      button.click();
      // (A loop, not a named callback: tsx names functions with a helper the page does not have.)
      while (!stage.dataset.picture || stage.dataset.picture === before) await new Promise((r) => requestAnimationFrame(r));
      // Konva draws the changed layer on the next animation frame.
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      return performance.now() - t0;
    });
    times.push(ms);
    console.log(`  run ${run + 1}: ${ms.toFixed(0)} ms`);
  }
  summary('press → frame on the canvas (uhd 3840 x 2176)', times);

  const encode: number[] = [];
  for (let run = 0; run < Math.min(runs, 5); run++) {
    encode.push(
      await page.evaluate(async () => {
        const v = document.querySelector<HTMLVideoElement>('.video-result video')!;
        const t0 = performance.now();
        const c = document.createElement('canvas');
        c.width = v.videoWidth;
        c.height = v.videoHeight;
        c.getContext('2d', { alpha: false })!.drawImage(v, 0, 0);
        await new Promise((r) => c.toBlob(r, 'image/png'));
        return performance.now() - t0;
      }),
    );
  }
  summary('of which: draw + PNG encode alone', encode);

  const store: number[] = [];
  for (let run = 0; run < Math.min(runs, 5); run++) {
    store.push(
      await page.evaluate(async () => {
        const v = document.querySelector<HTMLVideoElement>('.video-result video')!;
        const c = document.createElement('canvas');
        c.width = v.videoWidth;
        c.height = v.videoHeight;
        const ctx = c.getContext('2d', { alpha: false })!;
        ctx.drawImage(v, 0, 0);
        // One pixel changed: new bytes, so the store does the whole work (the same bytes are stored once).
        ctx.fillStyle = `rgb(${Math.floor(Math.random() * 255)}, 0, 0)`;
        ctx.fillRect(0, 0, 1, 1);
        const blob = await new Promise<Blob | null>((r) => c.toBlob(r, 'image/png'));
        const bytes = new Uint8Array(await blob!.arrayBuffer());
        const t0 = performance.now();
        await window.gen.assets.import({ name: 'bench frame.png', bytes });
        return performance.now() - t0;
      }),
    );
  }
  summary('of which: storing the PNG (assets.import, through this runner’s bridge to the Node core)', store);
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
