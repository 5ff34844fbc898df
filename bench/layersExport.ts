/**
 * What "Export layers…" costs main on a large project: a 4096 × 4096 picture with 10 versions before it, a mask
 * and 8 references (1024 × 1024), built into layers and written as PSD and as OpenRaster. The sources are made
 * once as files (as the asset store keeps them); each export then runs in a fresh process, reading them as the app
 * does, so its peak memory is the export's alone. Prints, for each run, the time, the process's peak memory (its
 * maximum resident set, the Node runtime and sharp included) and the longest stall of the event loop
 * (perf_hooks.monitorEventLoopDelay), then the median of the runs for each format and the load average.
 * Aims: under 2 s, under 1 GB, no stall over 50 ms. Asserts nothing.
 *
 *   npx tsx bench/layersExport.ts [--edge 4096] [--format psd|ora|both] [--runs 3]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { buildLayered, type LayerSources } from '../src/main/core/layers/buildLayered';
import { writeLayeredFile } from '../src/main/core/layers/encodeLayered';
import type { LayeredFormat } from '../src/shared/layers/layeredDocument';

const { values } = parseArgs({
  options: { edge: { type: 'string', default: '4096' }, format: { type: 'string', default: 'both' }, runs: { type: 'string', default: '3' }, child: { type: 'string' }, dir: { type: 'string' } },
});
const EDGE = Number(values.edge);
const VERSIONS = 10;
const REFERENCES = 8;

interface Run {
  readonly seconds: number;
  readonly fileMb: number;
  readonly peakMb: number;
  readonly baselineMb: number;
  readonly stallMs: number;
  /** the process's processor time (all its threads), which the load of other processes does not change much */
  readonly cpuSeconds: number;
}

/** A photo-like picture: a gradient with a little noise, so PNG and RLE work as hard as on real pictures. */
const picture = (edge: number, hue: number) =>
  sharp({ create: { width: edge, height: edge, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 100 + hue, sigma: 12 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();

const pictureFile = (dir: string, i: number) => join(dir, `picture-${i}.png`);
const referenceFile = (dir: string, i: number) => join(dir, `reference-${i}.png`);

async function makeSources(dir: string): Promise<void> {
  for (let i = 0; i <= VERSIONS; i++) await writeFile(pictureFile(dir, i), await picture(EDGE, i * 5));
  for (let i = 0; i < REFERENCES; i++) await writeFile(referenceFile(dir, i), await picture(1024, i * 7));
  const mask = await sharp({ create: { width: EDGE, height: EDGE, channels: 3, background: '#000' } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${EDGE}" height="${EDGE}"><circle cx="${EDGE / 2}" cy="${EDGE / 2}" r="${EDGE / 4}" fill="#fff"/></svg>`) }])
    .toColourspace('b-w')
    .png()
    .toBuffer();
  await writeFile(join(dir, 'mask.png'), mask);
}

/** The sources as the app hands them over: each picture's file, read when its layer is written. */
async function sources(dir: string): Promise<LayerSources> {
  const pictures = Array.from({ length: VERSIONS + 1 }, (_, i) => ({
    name: i === 0 ? 'Original · harbour.png' : `Pro 1.0 Fill · a lighthouse… · ${1195921958 + i}`,
    bytes: { file: pictureFile(dir, i) },
  }));
  const references = Array.from({ length: REFERENCES }, (_, i) => ({ name: `Reference ${i + 1}`, bytes: { file: referenceFile(dir, i) } }));
  return {
    pictures,
    references,
    mask: await readFile(join(dir, 'mask.png')),
    frame: null,
    boxes: [{ id: 'b', label: 'the lighthouse', x: 100, y: 100, width: 800, height: 1200 }],
    metadata: { json: '{}', xmp: null },
  };
}

/** One export in this (fresh) process, reported to the parent. */
async function measure(format: LayeredFormat, dir: string): Promise<Run> {
  const s = await sources(dir);
  const baselineMb = process.resourceUsage().maxRSS / 1024;
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const start = performance.now();
  const cpu = process.cpuUsage();
  const file = join(dir, `bench.${format}`);
  await writeLayeredFile(await buildLayered(s), format, file);
  const seconds = (performance.now() - start) / 1000;
  delay.disable();
  const run = { seconds, fileMb: statSync(file).size / 1024 / 1024, peakMb: process.resourceUsage().maxRSS / 1024, baselineMb, stallMs: delay.max / 1e6, cpuSeconds: (() => {
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1e6;
  })() };
  rmSync(file);
  return run;
}

const runOnce = (format: LayeredFormat, dir: string) =>
  new Promise<Run>((resolve, reject) => {
    const child = fork(process.argv[1]!, ['--child', format, '--dir', dir], { execArgv: process.execArgv });
    child.once('message', (run) => resolve(run as Run));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the ${format} run exited with ${code}`))));
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const line = (r: Run) =>
  `${r.seconds.toFixed(2)} s, file ${r.fileMb.toFixed(0)} MB, peak memory ${r.peakMb.toFixed(0)} MB (${r.baselineMb.toFixed(0)} MB before the export), longest event-loop stall ${r.stallMs.toFixed(0)} ms, processor time ${r.cpuSeconds.toFixed(1)} s`;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

if (values.child) {
  process.send!(await measure(values.child as LayeredFormat, values.dir!));
} else {
  const dir = mkdtempSync(join(tmpdir(), 'layers-bench-'));
  await makeSources(dir);
  console.log(`${EDGE} × ${EDGE}, ${VERSIONS} versions, a mask, ${REFERENCES} references of 1024 × 1024; load average ${load()}`);
  for (const format of values.format === 'both' ? (['psd', 'ora'] as const) : [values.format as LayeredFormat]) {
    const runs: Run[] = [];
    for (let i = 0; i < Number(values.runs); i++) {
      runs.push(await runOnce(format, dir));
      console.log(`  ${format.toUpperCase()} run ${i + 1}: ${line(runs.at(-1)!)}`);
    }
    const m = { seconds: median(runs.map((r) => r.seconds)), fileMb: median(runs.map((r) => r.fileMb)), peakMb: median(runs.map((r) => r.peakMb)), baselineMb: median(runs.map((r) => r.baselineMb)), stallMs: median(runs.map((r) => r.stallMs)), cpuSeconds: median(runs.map((r) => r.cpuSeconds)) };
    console.log(`${format.toUpperCase()} median of ${runs.length}: ${line(m)}; load average ${load()}`);
  }
  rmSync(dir, { recursive: true, force: true });
}
