import type { VideoHeader } from '../decode/media';
import type { RenderedOutput, RenderJob } from './job';

// Replaced when the video branch's encoder is merged.
export async function renderVideo(job: RenderJob): Promise<RenderedOutput> {
  throw new Error(`video output is not available yet (${job.endpoint.id})`);
}

export async function renderVideoUpscale(job: RenderJob): Promise<RenderedOutput> {
  throw new Error(`video output is not available yet (${job.endpoint.id})`);
}

export function readVideoHeader(_bytes: Uint8Array): VideoHeader | undefined {
  return undefined;
}
