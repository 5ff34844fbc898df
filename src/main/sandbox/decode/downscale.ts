import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import type { DecodedImage, DecodedInputs } from '../outputs/job';
import { resizeRaster } from '../outputs/raster';

/**
 * Applies an endpoint's "larger inputs are downscaled" limit (vto-v1: above 2 MP, to about 1 MP) from the
 * catalog, before sizes and costs are worked out, as the service does.
 */
export async function applyInputDownscale(endpoint: EndpointSpec, inputs: DecodedInputs): Promise<DecodedInputs> {
  const above = endpoint.limits.downscalesAboveMegapixels;
  const to = endpoint.limits.downscalesToMegapixels;
  if (above === undefined || to === undefined) return inputs;
  const images = new Map<string, DecodedImage>();
  for (const [name, image] of inputs.images) {
    if (image.width * image.height <= above * 1e6) {
      images.set(name, image);
      continue;
    }
    const scale = Math.sqrt((to * 1e6) / (image.width * image.height));
    const small = await resizeRaster(image, Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale)), 'fill');
    images.set(name, { ...small, hasAlpha: image.hasAlpha, format: image.format });
  }
  return { ...inputs, images };
}
