import type { CanvasDocument } from '../../../shared/canvas/document';
import type { LibraryItem } from '../../../shared/ipc/contract';
import { generationLayerName } from '../../../shared/layers/layerNames';
import { buildGenerationMetadata, metadataJson, xmpPacket, type GenerationMetadata } from '../../../shared/metadata/generationMetadata';
import type { LayerSources, SourcePicture } from './buildLayered';
import { resultLayer } from './resultFrame';

/** What the sources are read from: the asset store, the library and the project store, as narrow as they are used. */
export interface SourceDeps {
  readonly appVersion: string;
  readonly assetBytes: (assetId: string) => Promise<Uint8Array>;
  readonly result: (id: string) => LibraryItem | null;
  readonly resultBytes: (id: string) => Promise<Uint8Array>;
  /** where an asset's or a result's file is: a project's layers are read from there when they are written */
  readonly assetFile: (assetId: string) => Promise<string>;
  readonly resultFile: (id: string) => Promise<string>;
}

const LAYERS_FORMAT = 'gen-studio.layers';

export function generationOf(d: SourceDeps, taskId: string | null): { name: string; metadata: GenerationMetadata } | null {
  const item = taskId ? d.result(taskId) : null;
  if (!item || item.metadataLost) return null;
  const metadata = buildGenerationMetadata(d.appVersion, item);
  return { name: generationLayerName({ model: item.endpointTitle ?? item.endpointId, prompt: metadata.prompt, seed: metadata.seed }), metadata };
}

/** The frame the studio draws around the picture: the outpainting frame, or the margins of an expansion. */
function frameOf(doc: CanvasDocument): LayerSources['frame'] {
  if (!doc.base) return null;
  if (doc.outpaint) return { ...doc.outpaint };
  const e = doc.expansion;
  if (e.left + e.right + e.top + e.bottom === 0) return null;
  return { width: doc.base.width + e.left + e.right, height: doc.base.height + e.top + e.bottom, offsetX: e.left, offsetY: e.top };
}

export function metadataOf(d: SourceDeps, made: ReadonlyArray<{ layer: string; metadata: GenerationMetadata } | null>, extra: Record<string, unknown>) {
  const generations = made.filter((g) => g !== null);
  const top = generations.at(-1)?.metadata;
  const json = JSON.stringify({
    format: LAYERS_FORMAT,
    version: 1,
    app: { name: 'Gen Studio', version: d.appVersion },
    ...extra,
    layers: generations.map((g) => ({ layer: g.layer, generation: JSON.parse(metadataJson(g.metadata)) as unknown })),
  });
  return { json, xmp: top ? xmpPacket(top) : null };
}

/**
 * A studio project's layers: the original picture, every version it went through in order (each named by what
 * made it), the picture now, and a result shown over it when there is one; the mask, frame, board and boxes.
 */
export async function projectSources(d: SourceDeps, o: { name: string; document: CanvasDocument; mask: Uint8Array | null; shownResultId: string | null }): Promise<LayerSources> {
  const doc = o.document;
  if (!doc.base) throw new Error('the project has no picture');
  // versions are newest first; each was replaced by the task whose result became the next picture
  const history = [...(doc.versions ?? [])].reverse();
  const chain = [...history.map((v) => v.image), doc.base];
  const made = chain.map((_, i) => (i === 0 ? null : generationOf(d, history[i - 1]!.replacedBy)));
  // read from their files when each layer is written, so a project's pictures are not all in memory at once
  const pictures: SourcePicture[] = await Promise.all(
    chain.map(async (image, i) => ({
      name: i === 0 ? `Original · ${image.name}` : (made[i]?.name ?? `Version ${i} · ${image.name}`),
      bytes: { file: await d.assetFile(image.assetId) },
    })),
  );
  // a video shown over the canvas is no layer
  const shownItem = o.shownResultId ? d.result(o.shownResultId) : null;
  const shownId = shownItem?.mime.startsWith('image/') ? shownItem.id : null;
  const shown = shownId ? generationOf(d, shownId) : null;
  if (shownId) pictures.push(resultLayer(shownItem, shown?.name ?? 'Result shown now', { file: await d.resultFile(shownId) }));
  const references = await Promise.all(doc.references.map(async (r, i) => ({ name: `Reference ${i + 1} · ${r.name}`, bytes: { file: await d.assetFile(r.assetId) } })));
  const layerNamed = (g: { name: string; metadata: GenerationMetadata } | null) => (g ? { layer: g.name, metadata: g.metadata } : null);
  return {
    pictures,
    frame: frameOf(doc),
    mask: o.mask,
    references,
    boxes: doc.boxes,
    metadata: metadataOf(d, [...made.map(layerNamed), layerNamed(shown)], { project: o.name, document: doc }),
  };
}
