import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import { renderComposition } from './compose';
import { encodeImage } from './encode';
import { renderDeblur } from './enhance';
import { renderErase } from './erase';
import { renderExpand, renderOutpainting } from './expand';
import { renderFill } from './fill';
import type { ImageFormat, RenderedOutput, RenderJob } from './job';
import type { Raster } from './raster';
import { renderTextToImage } from './textToImage';
import { renderVideo, renderVideoUpscale } from './video';
import { renderTryOn } from './vto';

/** How the sandbox makes an endpoint's output, read from the catalog's kind and field roles. */
export type RendererKind =
  | 'text-to-image'
  | 'composition'
  | 'fill'
  | 'expand'
  | 'outpainting'
  | 'erase'
  | 'deblur'
  | 'try-on'
  | 'video'
  | 'video-upscale';

export function rendererKind(endpoint: EndpointSpec): RendererKind | undefined {
  const roles = new Set(endpoint.fields.map((f) => f.role));
  if (endpoint.kind === 'video') return 'video';
  if (roles.has('video')) return 'video-upscale';
  if (endpoint.kind === 'inpaint') return 'fill';
  if (endpoint.kind === 'expand') return 'expand';
  if (roles.has('outpaint-offset')) return 'outpainting';
  if (roles.has('person') && roles.has('garment')) return 'try-on';
  if (endpoint.kind === 'tool' && roles.has('mask')) return 'erase';
  if (endpoint.kind === 'tool' && roles.has('image')) return 'deblur';
  if (endpoint.kind === 'text-to-image') return 'text-to-image';
  if (endpoint.kind === 'edit' || endpoint.kind === 'multi-reference') return 'composition';
  return undefined;
}

/** The renderer of each kind of still picture; a clip's kinds are made by render() itself. */
const RASTERS: Record<Exclude<RendererKind, 'video' | 'video-upscale'>, (job: RenderJob) => Promise<Raster>> = {
  'text-to-image': renderTextToImage,
  composition: renderComposition,
  fill: renderFill,
  expand: renderExpand,
  outpainting: renderOutpainting,
  erase: renderErase,
  deblur: renderDeblur,
  'try-on': renderTryOn,
};

/** Makes the output file of a task. Throws only on a sandbox bug; the task then ends with status Error. */
export async function render(job: RenderJob): Promise<RenderedOutput> {
  const kind = rendererKind(job.endpoint);
  if (!kind) throw new Error(`the sandbox has no renderer for ${job.endpoint.id}`);
  if (kind === 'video') return renderVideo(job);
  if (kind === 'video-upscale') return renderVideoUpscale(job);
  return encodeImage(await RASTERS[kind](job), job.format as ImageFormat);
}
