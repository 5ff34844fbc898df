import { stampPlaceholder } from './font';
import { imageWithRole, promptOf, type RenderJob } from './job';
import { drawPattern } from './pattern';
import { meanColor, type Raster } from './raster';
import { mixSeed } from './random';

/** A picture of exactly the requested size, drawn from the seed and the prompt (tinted by an image prompt). */
export async function renderTextToImage(job: RenderJob): Promise<Raster> {
  const imagePrompt = imageWithRole(job, 'image-prompt');
  const out = await drawPattern(job.size.width, job.size.height, mixSeed(job.seed, promptOf(job), job.endpoint.id), {
    ...(imagePrompt ? { tint: meanColor(imagePrompt) } : {}),
  });
  stampPlaceholder(out, job.seed);
  return out;
}
