import type { EndpointSpec } from '../catalog/endpoint';
import type { FieldSpec, JsonValue } from '../catalog/field';
import { encodeBase64 } from '../media/base64';

/**
 * Bytes that carry only a PNG signature and IHDR: enough for header probes in pure validation tests, not a
 * decodable image (the sandbox tests use real images).
 */
export function pngHeaderOnly(width: number, height: number, alpha = false): string {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(b.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  b[24] = 8;
  b[25] = alpha ? 6 : 2;
  return encodeBase64(b);
}

function validValue(f: FieldSpec): JsonValue {
  switch (f.type) {
    case 'integer':
    case 'number':
      return typeof f.default === 'number' ? f.default : (f.min ?? 1);
    case 'boolean':
      return false;
    case 'enum':
      return (typeof f.default === 'string' ? f.default : f.values[0]) ?? '';
    case 'string':
      return f.format === 'uri' ? 'https://example.com/hook' : 'a red fox in snow';
    case 'image':
      return pngHeaderOnly(64, 64);
    case 'video':
      return 'https://example.com/clip.mp4';
    case 'keyframes':
      return [{ image: pngHeaderOnly(64, 64), time: 0 }];
  }
}

/** A body that passes validation: every required field with a valid value, plus what the rules require. */
export function minimalValidBody(endpoint: EndpointSpec): Record<string, JsonValue> {
  const body: Record<string, JsonValue> = {};
  for (const f of endpoint.fields) if (f.required) body[f.name] = validValue(f);
  if (endpoint.id === 'gen-pro-1.0-fill') body.mask = pngHeaderOnly(64, 64);
  if (endpoint.id === 'outpainting-v1') Object.assign(body, { width: 1024, height: 1024 });
  if (endpoint.id === 'gen-3-video') Object.assign(body, { mode: 't2v', duration: 5 });
  return body;
}
