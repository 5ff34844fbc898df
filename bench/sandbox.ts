/**
 * How long the sandbox takes to make its outputs, and how long it ever holds the event loop (it runs inside
 * the app's main process, so that must stay short). Prints figures; asserts nothing.
 *
 *   npx tsx bench/sandbox.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { endpointPath, getEndpoint } from '../src/shared/catalog/catalog';
import { referenceFieldNames } from '../src/shared/catalog/common';
import { startSandbox } from '../src/main/sandbox/index';

const png = async (width: number, height: number, color: string) =>
  (await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer()).toString('base64');
const mask = async (width: number, height: number) =>
  (
    await sharp({ create: { width, height, channels: 3, background: '#000' } })
      .composite([{ input: await sharp({ create: { width: width >> 1, height: height >> 1, channels: 3, background: '#fff' } }).png().toBuffer(), left: width >> 2, top: height >> 2 }])
      .png()
      .toBuffer()
  ).toString('base64');

const sandbox = await startSandbox();
const key = sandbox.demoKey;

async function run(title: string, endpointId: string, body: Record<string, unknown>): Promise<void> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const started = performance.now();
  const submit = await fetch(`${sandbox.baseUrl}${endpointPath(getEndpoint(endpointId))}`, {
    method: 'POST',
    headers: { 'x-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const submitted = (await submit.json()) as { polling_url: string; output_mp: number };
  const accepted = performance.now() - started;
  const result = (await (await fetch(submitted.polling_url, { headers: { 'x-key': key } })).json()) as { status: string; result: { sample: string } };
  const bytes = (await (await fetch(result.result.sample)).arrayBuffer()).byteLength;
  const total = performance.now() - started;
  histogram.disable();
  console.log(
    `${title.padEnd(44)} ${String(submitted.output_mp).padStart(6)} MP  submit ${accepted.toFixed(0).padStart(5)} ms  ready+download ${total.toFixed(0).padStart(5)} ms  ` +
      `longest event-loop stall ${(histogram.max / 1e6).toFixed(0).padStart(4)} ms  ${(bytes / 1e6).toFixed(2)} MB`,
  );
}

const photo2k = await png(2048, 2048, '#3a6ea5');
console.log(`sandbox output benchmark (Node ${process.version}, ${process.platform})`);
{
  // What the machine itself does to the event loop (other processes, GC), to read the figures against.
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((r) => setTimeout(r, 1000));
  idle.disable();
  console.log(`${'idle for 1 s'.padEnd(44)} longest event-loop stall ${(idle.max / 1e6).toFixed(0)} ms`);
}
await run('gen-dev 1024 x 768 jpeg', 'gen-dev', { prompt: 'a lighthouse', seed: 1 });
await run('gen-dev 1440 x 1440 png', 'gen-dev', { prompt: 'a lighthouse', width: 1440, height: 1440, output_format: 'png', seed: 1 });
await run('gen-3-image 4k 1:1 png', 'gen-3-image', { prompt: 'boxes [{"label":"a","box":[100,100,400,400]}]', resolution: '4k', output_format: 'png', seed: 1 });
await run('fill 2048 x 2048 png', 'gen-pro-1.0-fill', { image: photo2k, mask: await mask(2048, 2048), output_format: 'png', seed: 1 });
await run('expand 2048 x 2048 by 1024 per side png', 'gen-pro-1.0-expand', { image: photo2k, top: 1024, bottom: 1024, left: 1024, right: 1024, output_format: 'png', seed: 1 });
await run('erase 2048 x 2048', 'erase-v1', { image: photo2k, mask: await mask(2048, 2048), edge_expansion: 20 });
const refs = Object.fromEntries(await Promise.all(referenceFieldNames(10).map(async (n, i) => [n, await png(1024, 1024, `hsl(${i * 36}, 70%, 50%)`)] as const)));
await run('gen-3-image 2k with 10 references', 'gen-3-image', { prompt: 'all of them', resolution: '2k', seed: 1, ...refs });
await sandbox.close();
