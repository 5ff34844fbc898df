import type { Size } from '../../../shared/catalog/outputSize';
import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import type { JsonValue } from '../../../shared/catalog/field';
import type { Raster } from './raster';

/** An image input after decoding: its pixels as RGBA, plus what the file said about itself. */
export interface DecodedImage extends Raster {
  readonly hasAlpha: boolean;
  readonly format: string;
  /** the text the file carries (a PNG's text chunks): what input moderation reads */
  readonly text?: string;
}

/** A video input: its bytes, and what its header says. */
export interface DecodedVideo {
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly seconds: number;
  readonly fps: number;
}

export interface DecodedKeyframe {
  readonly time: number;
  readonly image: DecodedImage;
}

export interface DecodedInputs {
  /** Image fields by name (including each reference). */
  readonly images: ReadonlyMap<string, DecodedImage>;
  readonly videos: ReadonlyMap<string, DecodedVideo>;
  readonly keyframes: readonly DecodedKeyframe[];
}

export type ImageFormat = 'jpeg' | 'png' | 'webp';
export type OutputFormat = ImageFormat | 'mp4';

/** Everything an output is made from. */
export interface RenderJob {
  readonly endpoint: EndpointSpec;
  /** The request's plain values with the catalog's defaults applied; media live in `inputs`. */
  readonly params: Readonly<Record<string, JsonValue>>;
  readonly inputs: DecodedInputs;
  readonly seed: number;
  /** What `expectedOutputSize` predicts for this request; every renderer produces exactly this. */
  readonly size: Size;
  readonly format: OutputFormat;
  /** Seconds of video to produce (0 for images). */
  readonly seconds: number;
}

export interface RenderedOutput {
  readonly bytes: Buffer;
  readonly mime: string;
  readonly ext: string;
  readonly width: number;
  readonly height: number;
  readonly seconds: number;
}

export const promptOf = (job: RenderJob): string => (typeof job.params.prompt === 'string' ? job.params.prompt : '');

/** Reference images in the order the endpoint names them (`input_image`, `input_image_2`, ...). */
export function referencesOf(job: RenderJob): DecodedImage[] {
  return job.endpoint.fields
    .filter((f) => f.role === 'reference')
    .map((f) => job.inputs.images.get(f.name))
    .filter((img): img is DecodedImage => img !== undefined);
}

/** The one image field with a role, e.g. `image`, `mask`, `person`. */
export function imageWithRole(job: RenderJob, role: string): DecodedImage | undefined {
  const field = job.endpoint.fields.find((f) => f.role === role && f.type === 'image');
  return field ? job.inputs.images.get(field.name) : undefined;
}

export const intParam = (job: RenderJob, name: string): number => {
  const v = job.params[name];
  return typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : 0;
};
