import { parseRatio } from '../validation/fieldChecks';
import type { EndpointSpec } from './endpoint';
import { fieldOf } from './endpoint';
import { VIDEO_FRAME_SIZES, upscaledFrameSize, type VideoResolution } from './video';

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** Sizes of the media inputs, by field name, where they are known. */
export type InputSizes = Readonly<Record<string, Size | undefined>>;

const ONE_MEGAPIXEL_EDGE = 1024;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);

/** A size of about `area` pixels at a ratio, both edges multiples of 32. */
export function sizeForRatio(ratio: number, area = ONE_MEGAPIXEL_EDGE * ONE_MEGAPIXEL_EDGE): Size {
  const round32 = (n: number) => Math.max(32, Math.round(n / 32) * 32);
  return { width: round32(Math.sqrt(area * ratio)), height: round32(Math.sqrt(area / ratio)) };
}

/** Edge of the square each third-generation resolution class stands for (inferred with the endpoint). */
const GEN3_RESOLUTION_EDGE: Readonly<Record<string, number>> = { '768sq': 768, '1k': 1024, '2k': 2048, '4k': 4096 };

function explicitSize(endpoint: EndpointSpec, body: Readonly<Record<string, unknown>>): Size | undefined {
  const w = num(body.width) ?? (fieldOf(endpoint, 'width')?.default as number | undefined);
  const h = num(body.height) ?? (fieldOf(endpoint, 'height')?.default as number | undefined);
  return num(w) && num(h) ? { width: w as number, height: h as number } : undefined;
}

/**
 * The size a request will produce, as the app predicts it for readouts, cost estimates and the sandbox.
 * Undefined when it depends on something unknown (a video source, an image given by URL).
 */
export function expectedOutputSize(
  endpoint: EndpointSpec,
  body: Readonly<Record<string, unknown>>,
  inputs: InputSizes = {},
): Size | undefined {
  const image = inputs.image ?? inputs.person_image ?? inputs.input_image;
  switch (endpoint.id) {
    case 'gen-pro-1.0-expand': {
      if (!inputs.image) return undefined;
      const side = (k: string) => num(body[k]) ?? 0;
      return {
        width: inputs.image.width + side('left') + side('right'),
        height: inputs.image.height + side('top') + side('bottom'),
      };
    }
    case 'outpainting-v1':
      return explicitSize(endpoint, body);
    case 'gen-pro-1.1-ultra': {
      // About four megapixels at the ratio (16:9 by default, as the published schema says).
      const ratio = parseRatio(typeof body.aspect_ratio === 'string' ? body.aspect_ratio : '16:9') ?? 16 / 9;
      return sizeForRatio(ratio, 4 * ONE_MEGAPIXEL_EDGE * ONE_MEGAPIXEL_EDGE);
    }
    case 'gen-ctx-pro':
    case 'gen-ctx-max': {
      const ratio = typeof body.aspect_ratio === 'string' ? parseRatio(body.aspect_ratio) : undefined;
      if (ratio) return sizeForRatio(ratio);
      return image ?? sizeForRatio(1);
    }
    case 'gen-3-image': {
      const edge = GEN3_RESOLUTION_EDGE[typeof body.resolution === 'string' ? body.resolution : '1k'] ?? 1024;
      const ratio = typeof body.aspect_ratio === 'string' ? parseRatio(body.aspect_ratio) : undefined;
      return sizeForRatio(ratio ?? (image ? image.width / image.height : 1), edge * edge);
    }
    case 'gen-3-video': {
      // Every mode renders at the asked resolution: a draft is made by asking for hd, and enhancing it (“Make
      // final”) gives the final resolution with the draft's composition.
      const res = body.resolution as VideoResolution | undefined;
      // Only the size: the catalog entry also carries its `inferred` note, which is no part of a Size.
      const frame = VIDEO_FRAME_SIZES[res && res in VIDEO_FRAME_SIZES ? res : 'fhd'];
      return { width: frame.width, height: frame.height };
    }
    case 'video-upscale-v1': {
      const source = inputs.video;
      if (!source) return undefined;
      const { width, height } = upscaledFrameSize(source, num(body.upscale_factor));
      return { width, height };
    }
  }
  if (endpoint.kind === 'inpaint' || endpoint.kind === 'tool') return image;
  const explicit = explicitSize(endpoint, body);
  if (explicit) return explicit;
  return image ?? (endpoint.kind === 'text-to-image' ? undefined : sizeForRatio(1));
}
