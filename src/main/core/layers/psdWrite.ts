/**
 * The document as a PSD (PSB past 30,000 px a side), written by hand rather than by ag-psd: ag-psd takes every
 * layer's pixels at once and builds the whole file in one synchronous call, which on a large project held
 * gigabytes and stopped main for seconds. Here one layer at a time is decoded on sharp's threads and each of
 * its channels run-length-encoded there too where that pays (psdRle.ts, psdPlane.ts), its bytes written as soon as they are made; the layer
 * records, whose channel lengths are known only then, are written over their reserved place at the end. The
 * records, resources and merged image are the ones ag-psd wrote (psdLayout.ts, psdMerged.ts);
 * the event loop glues bytes, looks at the merged picture's alpha a few rows at a time, samples a few rows of each
 * picture to choose RLE or raw per channel (psdPlane.ts) and reads raw channels out of the decoded pixels a slice
 * (about a millisecond) at a time as they are written (psdRaw.ts).
 */
import type { LayerEntry, RgbaPixels } from '../../../shared/layers/layeredDocument';
import type { LayeredPlan } from './buildLayered';
import type { ByteSink } from './chunkWriter';
import { inOrder } from './inOrder';
import type { LayerPicture, MaskPicture } from './layerPicture';
import { mergedImage, mergedPlanes } from './psdMerged';
import { Bytes, psdHeader, psdRecord, psdResources, type PsdRecord } from './psdLayout';
import type { BandPixels } from './layerPixels';
import { bandPlane, flatPlane, planeChunks, type PsdPlane, psdPlane, rlePays } from './psdPlane';
import { ColourScratch, colourPlanes } from './psdRaw';
import { planeImage } from './psdRle';

/** Photoshop's PSD edge limit; larger documents are PSB. */
const PSD_MAX_EDGE = 30_000;
/**
 * Layers decoded and compressed ahead of the one being written, in full pictures (a layer weighs its share of the
 * document's pixels, so eight 1024² references beside a 4096² picture are made together): both of the machine's
 * threads busy, little held.
 */
const AHEAD = 1;
const MIN_WEIGHT = 0.5;

interface Planned extends PsdRecord {
  readonly picture: LayerPicture | null;
  readonly layerMask: MaskPicture | null;
}

/** ag-psd's order: a group is its closing divider, its layers, then the group's own record. */
function records(layers: LayeredPlan['layers']): Planned[] {
  const empty = { top: 0, left: 0, bottom: 0, right: 0, channels: [-1, 0, 1, 2], mask: null, picture: null, layerMask: null };
  const pixels = (l: Extract<LayerEntry<LayerPicture, MaskPicture>, { kind: 'pixels' }>): Planned => ({
    name: l.name,
    top: l.top,
    left: l.left,
    bottom: l.top + l.pixels.height,
    right: l.left + l.pixels.width,
    hidden: l.hidden,
    channels: l.mask ? [-1, 0, 1, 2, -2] : [-1, 0, 1, 2],
    mask: l.mask ? { top: l.top, left: l.left, bottom: l.top + l.mask.height, right: l.left + l.mask.width, disabled: l.maskEnabled === false } : null,
    section: null,
    picture: l.pixels,
    layerMask: l.mask ?? null,
  });
  return layers.flatMap((l) =>
    l.kind === 'group'
      ? [{ ...empty, name: '</Layer group>', hidden: false, section: 3 as const }, ...l.children.map(pixels), { ...empty, name: l.name, hidden: l.hidden, section: 2 as const }]
      : [pixels(l)],
  );
}

/**
 * The painted mask's plane, made once: the same grey picture is both its own layer's colour and the top layer's
 * layer mask, so it is decoded and encoded once and the plane written twice.
 */
const isMask = (p: LayerPicture): p is MaskPicture => 'grey' in p;
const maskPlanes = new WeakMap<MaskPicture, Promise<PsdPlane>>();
function maskPlane(m: MaskPicture, psb: boolean): Promise<PsdPlane> {
  let made = maskPlanes.get(m);
  if (!made) {
    made = m.grey().then((g) => psdPlane(planeImage(g.data, g.width, g.height), g.width, g.height, psb, rlePays(g.data, g.width, g.height, 1, [0]), g.data));
    maskPlanes.set(m, made);
  }
  return made;
}

/**
 * A layer's channels in its record's order (alpha, red, green, blue, then its layer mask), each RLE (made on sharp's
 * threads) or raw (read from the decoded pixels as it is written, psdRaw.ts), as pays (psdPlane.ts); the colour
 * channels share one choice, so an opaque top layer's colour planes can be the merged image, whose channels have one
 * compression.
 */
async function layerChannels(r: Planned, psb: boolean, scratch: ColourScratch): Promise<{ planes: PsdPlane[]; pixels: BandPixels | null }> {
  const { width, height } = r.picture!;
  // the layer mask is made alongside the picture, on another of sharp's threads
  const mask = r.layerMask ? maskPlane(r.layerMask, psb) : null;
  let pixels: BandPixels | null = null;
  let colour: PsdPlane[];
  if (isMask(r.picture!)) {
    // the mask's own grey layer: opaque, and the same plane three times
    const plane = await maskPlane(r.picture, psb);
    colour = [flatPlane(255, width, height, psb), plane, plane, plane];
  } else {
    const p = (pixels = await r.picture!.pixels());
    const rle = rlePays(p.data, width, height, p.bands, [0, 1, 2]);
    // a picture without alpha (decoded to three bands) has one value there: its RLE is made without looking
    const alpha = p.bands === 3 ? flatPlane(255, width, height, psb) : bandPlane(p, 3, psb, rlePays(p.data, width, height, 4, [3]));
    colour = await Promise.all([alpha, ...(rle ? ([0, 1, 2] as const).map((c) => bandPlane(p, c, psb, true)) : colourPlanes(p, scratch))]);
  }
  return { planes: mask ? [...colour, await mask] : colour, pixels };
}

/**
 * A layer's channel data, compression code first, and, when the layer is also the merged image, what that needs:
 * an opaque picture's merged image is its own red, green and blue planes (no matte, no alpha), already encoded;
 * a picture with any transparency hands on its RGBA pixels to be matted.
 */
async function channelData(r: Planned, keep: boolean, psb: boolean, scratch: ColourScratch): Promise<{ chunks: Iterable<Uint8Array>; lengths: number[]; merged: RgbaPixels | PsdPlane[] | null }> {
  if (!r.picture) return { chunks: r.channels.map(() => new Bytes().u16(0).done()), lengths: r.channels.map(() => 2), merged: null };
  const { planes, pixels } = await layerChannels(r, psb, scratch);
  const merged = !keep ? null : (await r.picture.opaque()) ? planes.slice(1, 4) : pixels?.bands === 4 ? pixels : null;
  return { chunks: planeChunks(planes), lengths: planes.map((p) => 2 + p.length), merged };
}

/** Everything before the channel data: header, resources and the layer records, with the lengths known so far. */
function prefix(doc: LayeredPlan, planned: readonly Planned[], lengths: ReadonlyArray<readonly number[]>, sizes: { layerInfo: number; channels: 3 | 4 }, psb: boolean): Uint8Array {
  const recordBytes = planned.map((r, i) => psdRecord(r, lengths[i] ?? [], psb));
  const b = new Bytes()
    .bytes(psdHeader(doc.width, doc.height, sizes.channels, psb))
    .bytes(psdResources(doc.metadata.xmp, planned.length))
    // the layer and mask information: the layer info (its length field, then its content) and an empty global mask
    .length32or64((psb ? 8 : 4) + sizes.layerInfo + 4, psb)
    .length32or64(sizes.layerInfo, psb)
    .i16(sizes.channels === 4 ? -planned.length : planned.length);
  for (const r of recordBytes) b.bytes(r);
  return b.done();
}

/** Writes the PSD to `sink` front to back, then the records over their reserved place (see the top of this file). */
export async function writePsd(doc: LayeredPlan, sink: ByteSink): Promise<void> {
  const psb = doc.width > PSD_MAX_EDGE || doc.height > PSD_MAX_EDGE;
  const planned = records(doc.layers);
  const reserved = prefix(doc, planned, [], { layerInfo: 0, channels: 3 }, psb).length;
  // a record's size does not depend on its channels' lengths
  const recordsLength = 2 + planned.reduce((n, r) => n + psdRecord(r, [], psb).length, 0);
  await sink.write(new Uint8Array(reserved));
  const lengths: number[][] = [];
  let written = 0;
  let merged: RgbaPixels | PsdPlane[] | null = null;
  const scratch = new ColourScratch();
  await inOrder(
    planned.map((r) => () => channelData(r, r.picture !== null && r.picture === doc.composite, psb, scratch)),
    AHEAD,
    async (layer, i) => {
      for (const chunk of layer.chunks) await sink.write(chunk);
      written += layer.lengths.reduce((n, l) => n + l, 0);
      lengths[i] = layer.lengths;
      merged ??= layer.merged;
    },
    // the mask's layer weighs nothing (its plane is made once, with the top layer's layer mask); a small layer at
    // least half a picture, so no more than three of sharp's jobs hold libuv's four threads and the file's writes
    // still get one
    (i) => {
      const p = planned[i]!.picture;
      return !p || isMask(p) ? 0 : Math.max(MIN_WEIGHT, (p.width * p.height) / (doc.width * doc.height));
    },
  );
  // the layer info's content (count, records, channel data) is padded to 4, the padding counted in its length
  const content = recordsLength + written;
  const padding = (4 - (content % 4)) % 4;
  await sink.write(new Uint8Array(padding + 4)); // the padding, then the global layer mask info: none
  const image = Array.isArray(merged) ? mergedPlanes(merged) : await mergedImage(merged ?? (await doc.composite.rgba()), psb);
  for (const chunk of image.chunks) await sink.write(chunk);
  const header = prefix(doc, planned, lengths, { layerInfo: content + padding, channels: image.channels }, psb);
  if (header.length !== reserved) throw new Error('the PSD records changed size while being written');
  await sink.patch(0, header);
}
