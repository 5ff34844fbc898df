import type { EndpointSpec } from '../catalog/endpoint';
import type { OutpaintFrame } from './document';

interface Size {
  readonly width: number;
  readonly height: number;
}

/** The smallest frame side and offset an endpoint allows, read from its catalog fields' roles. */
export function outpaintLimits(endpoint: EndpointSpec): { minSide: number; minOffset: number } {
  const minOf = (role: string, fallback: number) => {
    const mins = endpoint.fields.filter((f) => f.role === role).map((f) => (f.type === 'integer' || f.type === 'number' ? (f.min ?? fallback) : fallback));
    return mins.length > 0 ? Math.max(...mins) : fallback;
  };
  return { minSide: minOf('outpaint-size', 1), minOffset: minOf('outpaint-offset', 0) };
}

/**
 * A frame the endpoint accepts that still holds the whole picture: sides at least the catalog's minimum and the
 * picture's own size, offsets kept so the picture stays inside. Typing or dragging can then never produce a frame
 * the service refuses or that cuts the picture off; what is held back shows as the number snapping back.
 */
export function clampOutpaint(frame: OutpaintFrame, picture: Size, endpoint: EndpointSpec): OutpaintFrame {
  const { minSide, minOffset } = outpaintLimits(endpoint);
  const int = (v: number) => (Number.isFinite(v) ? Math.round(v) : 0);
  const width = Math.max(minSide, picture.width + minOffset, int(frame.width));
  const height = Math.max(minSide, picture.height + minOffset, int(frame.height));
  const offsetX = Math.max(minOffset, Math.min(width - picture.width, int(frame.offsetX)));
  const offsetY = Math.max(minOffset, Math.min(height - picture.height, int(frame.offsetY)));
  return { width, height, offsetX, offsetY };
}
