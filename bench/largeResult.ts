/**
 * What downloading and filing one large result costs the main process: peak memory and the longest stall of its
 * event loop, while the engine fetches a result of `--mb` MB (a real MP4 clip followed by a `free` box of padding,
 * so it is whole and files as a video) from a local server in a child process and files it in the library.
 * Prints figures; asserts nothing.
 *
 *   npx tsx bench/largeResult.ts [--mb 400]
 *
 * The service is the tests' FakeService (it answers Ready at once); only the result's address goes to the real
 * local server, through the app's own fetch, so the download is a real HTTP transfer.
 */
import { spawn } from 'node:child_process';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import type { TaskInfo } from '../src/shared/ipc/contract';
import { eventChannel } from '../src/shared/ipc/define';
import { createCore, type Core } from '../src/main/core/createCore';
import { systemClock } from '../src/main/core/deps';
import { CoreEvents } from '../src/main/core/events';
import { nodeDeps } from '../src/main/core/nodeDeps';
import { BASE, FakeService, STORAGE } from '../src/main/core/testing/fakeService';
import { MemoryKeychain } from '../src/main/core/testing/memoryKeychain';
import { tempDir } from '../src/main/core/testing/tempDir';
import { encodeMp4 } from '../src/main/sandbox';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '400' } } });
const MB = 1024 * 1024;
const size = Number(values.mb) * MB;

/** The result on disk, written a piece at a time (this process never holds it). */
async function writeResult(path: string): Promise<void> {
  const clip = await encodeMp4({ width: 320, height: 192, fps: 24, seconds: 1, background: [20, 40, 160] });
  const handle = await open(path, 'w');
  try {
    await handle.write(clip);
    const pad = size - clip.length;
    const header = new Uint8Array(8);
    new DataView(header.buffer).setUint32(0, pad);
    header.set([0x66, 0x72, 0x65, 0x65], 4);
    await handle.write(header);
    const block = new Uint8Array(4 * MB);
    for (let left = pad - 8; left > 0; left -= block.length) await handle.write(block, 0, Math.min(block.length, left));
  } finally {
    await handle.close();
  }
}

/** A plain file server in a child process, so its reads do not share this event loop. */
async function serve(path: string): Promise<{ url: string; stop: () => void }> {
  const script = `
    const http = require('node:http'); const fs = require('node:fs');
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': fs.statSync(${JSON.stringify(path)}).size });
      fs.createReadStream(${JSON.stringify(path)}).pipe(res);
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  return { url: `http://127.0.0.1:${port}/result.mp4`, stop: () => child.kill() };
}

const dir = await tempDir('bench-large-result');
const source = join(tmpdir(), `gen-bench-large-${process.pid}.mp4`);
await writeResult(source);
const server = await serve(source);
const service = new FakeService(() => Date.now());
// Only the result's address goes to the real server; the service's own calls stay with the fake.
let downloads = 0;
const appFetch: typeof fetch = (input, init) => {
  if (!String(input).startsWith(STORAGE)) return service.fetch(input, init);
  downloads++;
  return fetch(server.url, { ...init, redirect: 'follow' });
};
const tasks = new Map<string, TaskInfo>();
const events = new CoreEvents();
events.attach((channel, payload) => {
  if (channel === eventChannel('tasks.updated')) tasks.set((payload as TaskInfo).id, payload as TaskInfo);
});
const core = await createCore({ ...nodeDeps({ dataDir: dir.path, mediaBase: 'gen-media://m/' }), fetch: appFetch, clock: systemClock, secrets: new MemoryKeychain() }, { events });
const call = <T>(name: string, request?: unknown): Promise<T> => (core.handlers[name as keyof Core['handlers']] as (r: unknown) => Promise<T>)(request);
try {
await call('keys.add', {
  label: 'Bench',
  organization: 'Bench',
  project: 'Large',
  secret: 'sk-bench-large-result-0001',
  connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
});

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5);
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const started = performance.now();
const task = await call<TaskInfo>('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'a large result' } as never, inputs: {} });
while (!['done', 'failed'].includes(tasks.get(task.id)?.state ?? '')) await new Promise((r) => setTimeout(r, 20));
const elapsed = performance.now() - started;
delay.disable();
clearInterval(sampler);
const end = tasks.get(task.id)!;

console.log(`Large result: ${(size / MB).toFixed(0)} MB from a local server, Node ${process.version}`);
console.log(`   ended                     ${end.state}${end.error ? ` (${end.error.message})` : ''} in ${(elapsed / 1000).toFixed(1)} s`);
console.log(`   downloads                 ${downloads}`);
console.log(`   RSS before, peak, +peak   ${(rssBefore / MB).toFixed(0)} MB, ${(rssPeak / MB).toFixed(0)} MB, +${((rssPeak - rssBefore) / MB).toFixed(0)} MB (sampled every 5 ms)`);
console.log(`   max RSS of the process    ${((process.resourceUsage().maxRSS * 1024) / MB).toFixed(0)} MB (the OS's count)`);
console.log(`   longest event-loop stall  ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms)`);

await core.dispose();
} finally {
  server.stop();
  await rm(source, { force: true });
  await dir.remove();
}
