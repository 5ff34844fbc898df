import { VIDEO_UPSCALE_SOURCE } from '../catalog/video';
import type { TaskRequest } from '../tasks/taskRequest';

export const UPSCALE_ENDPOINT_ID = 'video-upscale-v1';

/** The factor the panel starts at, and its range (the catalog's field says 1.5 to 3). */
export const UPSCALE_FACTOR = { min: 1.5, max: 3, step: 0.1, initial: 2 } as const;

/** What the panel knows of a source clip when it is chosen, before anything is uploaded. */
export interface UpscaleSourceFacts {
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
  readonly seconds: number;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Over 50 MB: said from the file's size alone, before its bytes are read. */
export function upscaleBytesProblem(bytes: number): string | null {
  const max = VIDEO_UPSCALE_SOURCE.maxBytes;
  return bytes > max ? `This clip is ${mb(bytes)}; upscaling takes clips up to ${max / 1e6} MB. Export it at a lower bitrate or shorten it, then choose it again.` : null;
}

/**
 * Every way a clip breaks the service's source limits (20 s, 50 MB, 2560 x 1440), each in the artist's words.
 * The service refuses such clips (without charging), so the panel refuses them first and sends nothing.
 */
export function upscaleSourceProblems(source: UpscaleSourceFacts): string[] {
  const limits = VIDEO_UPSCALE_SOURCE;
  const problems: string[] = [];
  const bytes = upscaleBytesProblem(source.bytes);
  if (bytes) problems.push(bytes);
  if (source.width > limits.maxWidth || source.height > limits.maxHeight) {
    problems.push(`This clip is ${source.width} × ${source.height}; upscaling takes frames up to ${limits.maxWidth} × ${limits.maxHeight}. Choose a smaller version of it.`);
  }
  if (source.seconds > limits.maxSeconds) {
    problems.push(`This clip is ${source.seconds.toFixed(1)} s long; upscaling takes clips up to ${limits.maxSeconds} s. Trim it, then choose it again.`);
  }
  return problems;
}

export interface UpscaleSettings {
  readonly factor: number;
  /** Creative adds detail; precise stays close to the source. The service calls it `creativity`, 1 or 0. */
  readonly creative: boolean;
  readonly prompt: string;
}

/** The request an upscale sends: the source clip by asset id, the factor, precise or creative, and the prompt if any. */
export function upscaleRequest(settings: UpscaleSettings, sourceAssetId: string): TaskRequest {
  const prompt = settings.prompt.trim();
  return {
    endpointId: UPSCALE_ENDPOINT_ID,
    params: {
      upscale_factor: Math.round(Math.min(UPSCALE_FACTOR.max, Math.max(UPSCALE_FACTOR.min, settings.factor)) * 100) / 100,
      creativity: settings.creative ? 1 : 0,
      ...(prompt ? { prompt } : {}),
    },
    inputs: { video: { assetId: sourceAssetId } },
  };
}
