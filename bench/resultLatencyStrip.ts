/**
 * bench/resultLatency.ts --strip: Ready → the result's tile in the results strip, in the real renderer (Chromium,
 * bound to the Node core as in the e2e specs; the built-in Sandbox, in the core's process as in the app, at the
 * service's pace with the same jittered durations). Tasks are sent one after another for the open project;
 * a script in the page notes, at each animation frame, when a tile first shows its picture decoded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../e2e/harness/launch';
import type { JsonValue } from '../src/shared/catalog/field';
import type { SandboxOptions } from '../src/main/sandbox/api';

interface StripOptions {
  readonly sandboxOptions: SandboxOptions;
  readonly endpointId: string;
  readonly tasks: number;
  readonly readyAtOf: (startTimeS: number, prompt: string) => number;
  readonly params: (prompt: string) => Record<string, JsonValue>;
}

// Plain script text (no bundler helpers): at each frame, the first time each tile's picture is decoded.
const tileWatch = `(() => {
  const shown = {};
  window.__tilesShown = shown;
  const tick = () => {
    for (const img of document.querySelectorAll('li[data-task] img')) {
      const id = img.closest('li').dataset.task;
      if (!shown[id] && img.complete && img.naturalWidth > 0) shown[id] = performance.timeOrigin + performance.now();
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

export async function stripTiles(o: StripOptions): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-latency-strip-'));
  const startTime = new Map<string, number>();
  const polls = new Map<string, number>();
  const watched: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const response = await fetch(input, init);
    if (url.pathname.endsWith('/get_result')) {
      const body = (await response.clone().json()) as { status?: string; result?: { start_time?: number; prompt?: string } };
      const id = url.searchParams.get('id') ?? '';
      polls.set(id, (polls.get(id) ?? 0) + 1);
      if (body.status === 'Ready' && body.result?.prompt && typeof body.result.start_time === 'number') startTime.set(body.result.prompt, body.result.start_time);
    }
    return response;
  };
  const app = await launchChromium({ dataDir, headless: true, deps: { sandboxOptions: o.sandboxOptions, fetch: watched }, initScript: tileWatch });
  const { page } = app;
  const told = new Map<string, number>();
  app.harness!.core.events.attach((channel, payload) => {
    const info = payload as { id?: string; state?: string };
    if (channel.endsWith('tasks.updated') && info.state === 'done' && info.id && !told.has(info.id)) told.set(info.id, Date.now());
  });
  await page.getByRole('navigation').getByRole('button', { name: 'Studio' }).click();
  await page.getByRole('status', { name: 'Save status' }).filter({ hasText: 'Saved' }).waitFor({ timeout: 60_000 });

  const rows: Array<{ readyToTold: number; readyToTile: number }> = [];
  for (let i = -1; i < o.tasks; i++) {
    // The first (i = -1) warms up the page's decoders and the core; it is not counted.
    const prompt = `a harbour in fog, strip take ${i}`;
    // The request goes as JSON text: its parameters' type is too deep for Playwright's argument types.
    const taskId: string = await page.evaluate(async (json: string) => {
      const listed = await window.gen.projects.list();
      const projectId = listed.ok ? listed.value.lastOpenedId : null;
      const r = await window.gen.tasks.submitGroup({ request: JSON.parse(json) as never, count: 1, projectId });
      if (!r.ok) throw new Error(r.error.message);
      return r.value[0]!.id;
    }, JSON.stringify({ endpointId: o.endpointId, params: o.params(prompt), inputs: {} }));
    const tileAt = await page.waitForFunction((id) => (window as unknown as { __tilesShown: Record<string, number> }).__tilesShown[id] ?? null, taskId, { timeout: 120_000, polling: 50 });
    const tile = (await tileAt.jsonValue()) as number;
    if (i < 0) continue;
    const ready = o.readyAtOf(startTime.get(prompt)!, prompt);
    rows.push({ readyToTold: told.get(taskId)! - ready, readyToTile: tile - ready });
  }
  await app.close();
  await rm(dataDir, { recursive: true, force: true });

  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
  const told_ = rows.map((r) => r.readyToTold);
  const tiles = rows.map((r) => r.readyToTile);
  const pollCounts = [...polls.values()];
  console.log(`\nThe results strip in Chromium (renderer bound to the Node core, built-in Sandbox), ${rows.length} tasks one after another`);
  console.log(`   Ready → renderer told     median ${median(told_).toFixed(0)} ms (max ${Math.max(...told_).toFixed(0)} ms)`);
  console.log(`   Ready → strip tile shown  median ${median(tiles).toFixed(0)} ms (max ${Math.max(...tiles).toFixed(0)} ms)   told → tile median ${median(rows.map((r) => r.readyToTile - r.readyToTold)).toFixed(0)} ms`);
  console.log(`   polls per task            ${(pollCounts.reduce((a, b) => a + b, 0) / pollCounts.length).toFixed(2)}`);
}
