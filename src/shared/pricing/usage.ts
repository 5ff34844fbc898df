import { z } from 'zod';
import type { EndpointSpec } from '../catalog/endpoint';
import { fieldOf } from '../catalog/endpoint';
import { expectedOutputSize, type InputSizes } from '../catalog/outputSize';
import { megapixels } from '../media/imageHeader';
import type { AssetFacts, TaskRequest } from '../tasks/taskRequest';

/** What a request is priced on: megapixels in and out (per output), and seconds of video out (0 for a picture). */
export const UsageSchema = z.object({ inputMp: z.number().nonnegative(), outputMp: z.number().nonnegative(), seconds: z.number().nonnegative() });
export type Usage = Readonly<z.infer<typeof UsageSchema>>;

/** Where nothing says how large the output will be, the service's default: about one megapixel. */
const DEFAULT_OUTPUT_MP = 1;
const DEFAULT_VIDEO_SECONDS = 5;

/**
 * What a request will be priced on, as far as the app can tell before sending it: every image it sends (the
 * picture, references, keyframes) in megapixels, the output size it predicts, and the length of the video it asks
 * for (or of the clip it sends, for an upscale).
 */
export function expectedUsage(endpoint: EndpointSpec, request: Pick<TaskRequest, 'params' | 'inputs'>, facts: (assetId: string) => AssetFacts | undefined): Usage {
  let inputMp = 0;
  let clipSeconds = 0;
  const sizes: Record<string, { width: number; height: number }> = {};
  for (const [field, input] of Object.entries(request.inputs)) {
    const refs = Array.isArray(input) ? input : [input];
    for (const ref of refs) {
      const f = facts(ref.assetId);
      if (!f) continue;
      if (!Array.isArray(input)) sizes[field] = { width: f.width, height: f.height };
      if (f.kind === 'video') clipSeconds = Math.max(clipSeconds, f.seconds ?? 0);
      else inputMp += megapixels(f.width, f.height);
    }
  }
  const out = expectedOutputSize(endpoint, request.params, sizes as InputSizes);
  const outputMp = out ? megapixels(out.width, out.height) : DEFAULT_OUTPUT_MP;
  return { inputMp: round2(inputMp), outputMp, seconds: videoSeconds(endpoint, request.params, clipSeconds) };
}

function videoSeconds(endpoint: EndpointSpec, params: TaskRequest['params'], clipSeconds: number): number {
  if (endpoint.kind !== 'video') return clipSeconds;
  if (typeof params.duration === 'number') return params.duration;
  const d = fieldOf(endpoint, 'duration')?.default;
  return typeof d === 'number' ? d : DEFAULT_VIDEO_SECONDS;
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** A request with nothing known about it but its model: the model's default size, no image in, its default length. */
export function defaultUsage(endpoint: EndpointSpec): Usage {
  return expectedUsage(endpoint, { params: {}, inputs: {} }, () => undefined);
}
