import { imageWithRole, type RenderJob } from './job';
import { blit, cloneRaster, resizeRaster, type Raster } from './raster';

/** Where the garment goes on the person: the torso of a centred, standing figure. */
export const TORSO = { left: 0.3, top: 0.28, right: 0.7, bottom: 0.78 } as const;

/** Virtual try-on: the person's photo at its own size, with the garment laid over the torso. */
export async function renderTryOn(job: RenderJob): Promise<Raster> {
  const person = imageWithRole(job, 'person');
  const garment = imageWithRole(job, 'garment');
  if (!person || !garment) throw new Error('try-on needs a person and a garment');
  const base = await resizeRaster(person, job.size.width, job.size.height, 'fill');
  const out = cloneRaster(base);
  const x = Math.round(out.width * TORSO.left);
  const y = Math.round(out.height * TORSO.top);
  const w = Math.max(1, Math.round(out.width * (TORSO.right - TORSO.left)));
  const h = Math.max(1, Math.round(out.height * (TORSO.bottom - TORSO.top)));
  blit(out, await resizeRaster(garment, w, h, 'cover'), x, y, 0.9);
  return out;
}
