/**
 * What "Export layers…" costs main on a large project: a 4096 × 4096 picture with 10 versions before it, a mask
 * and 8 references (1024 × 1024), built into layers and written as PSD and as OpenRaster. Prints, for each
 * format, the time, the process's peak memory (its maximum resident set so far) and the longest stall of the
 * event loop (perf_hooks.monitorEventLoopDelay). Aims: under 2 s, under 1 GB, no stall over 50 ms. Asserts nothing.
 *
 *   npx tsx bench/layersExport.ts [--edge 4096] [--format psd|ora|both]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { buildLayered, type LayerSources } from '../src/main/core/layers/buildLayered';
import { encodeLayered } from '../src/main/core/layers/encodeLayered';
import type { LayeredFormat } from '../src/shared/layers/layeredDocument';

const { values } = parseArgs({ options: { edge: { type: 'string', default: '4096' }, format: { type: 'string', default: 'both' } } });
const EDGE = Number(values.edge);
const VERSIONS = 10;
const REFERENCES = 8;

/** A photo-like picture: a gradient with a little noise, so PNG and RLE work as hard as on real pictures. */
const picture = (edge: number, hue: number) =>
  sharp({ create: { width: edge, height: edge, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 100 + hue, sigma: 12 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();

async function sources(): Promise<LayerSources> {
  const pictures = [];
  for (let i = 0; i <= VERSIONS; i++) pictures.push({ name: i === 0 ? 'Original · harbour.png' : `Pro 1.0 Fill · a lighthouse… · ${1195921958 + i}`, bytes: await picture(EDGE, i * 5) });
  const references = [];
  for (let i = 0; i < REFERENCES; i++) references.push({ name: `Reference ${i + 1}`, bytes: await picture(1024, i * 7) });
  const mask = await sharp({ create: { width: EDGE, height: EDGE, channels: 3, background: '#000' } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${EDGE}" height="${EDGE}"><circle cx="${EDGE / 2}" cy="${EDGE / 2}" r="${EDGE / 4}" fill="#fff"/></svg>`) }])
    .toColourspace('b-w')
    .png()
    .toBuffer();
  return { pictures, references, mask, frame: null, boxes: [{ id: 'b', label: 'the lighthouse', x: 100, y: 100, width: 800, height: 1200 }], metadata: { json: '{}', xmp: null } };
}

async function run(format: LayeredFormat, s: LayerSources): Promise<void> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const start = performance.now();
  const bytes = await encodeLayered(await buildLayered(s), format);
  const seconds = (performance.now() - start) / 1000;
  delay.disable();
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    `${format.toUpperCase()}: ${seconds.toFixed(2)} s, file ${(bytes.byteLength / 1024 / 1024).toFixed(0)} MB, peak memory ${peakMb.toFixed(0)} MB (whole process so far), longest event-loop stall ${(delay.max / 1e6).toFixed(0)} ms`,
  );
}

const s = await sources();
console.log(`${EDGE} × ${EDGE}, ${VERSIONS} versions, a mask, ${REFERENCES} references of 1024 × 1024; sources ready, peak memory so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
for (const format of values.format === 'both' ? (['psd', 'ora'] as const) : [values.format as LayeredFormat]) await run(format, s);
