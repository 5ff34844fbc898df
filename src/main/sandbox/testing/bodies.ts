import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import type { JsonValue } from '../../../shared/catalog/field';
import { minimalValidBody } from '../../../shared/validation/testing';
import { solidPng } from './media';

/**
 * A valid body for any endpoint with real, decodable media: the shared validation tests' minimal body with
 * every image replaced by a real PNG (videos by `video`, when given).
 */
export async function validBody(endpoint: EndpointSpec, o: { video?: string; imageSize?: number } = {}): Promise<Record<string, JsonValue>> {
  const edge = o.imageSize ?? 64;
  const png = await solidPng(edge, edge, [200, 120, 40]);
  const body = minimalValidBody(endpoint);
  for (const field of endpoint.fields) {
    const value = body[field.name];
    if (value === undefined) continue;
    if (field.type === 'image') body[field.name] = png;
    if (field.type === 'keyframes') body[field.name] = [{ image: png, time: 0 }];
    if (field.type === 'video' && o.video) body[field.name] = o.video;
  }
  if (endpoint.id === 'gen-pro-1.0-fill') body.mask = await solidPng(edge, edge, [255, 255, 255]);
  if (endpoint.id === 'erase-v1') body.mask = await solidPng(edge, edge, [255, 255, 255]);
  if (endpoint.kind === 'video') body.duration = 1;
  return body;
}
