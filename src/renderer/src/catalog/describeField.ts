import type { FieldSpec } from '../../../shared/catalog/field';
import type { EndpointSpec } from '../../../shared/catalog/endpoint';

/** True when the value is the default that asks the service to choose, had by leaving the field empty (see `defaultIsAuto`). */
export function isAutoValue(f: FieldSpec, value: unknown): boolean {
  return f.type === 'integer' && f.defaultIsAuto === true && value === f.default;
}

/** The field's limits in words, as a form hint: "256 to 1440, multiple of 32". */
export function describeConstraint(f: FieldSpec): string {
  const parts: string[] = [];
  switch (f.type) {
    case 'integer':
    case 'number':
      if (f.min !== undefined && f.max !== undefined) parts.push(`${f.min} to ${f.max}`);
      else if (f.min !== undefined) parts.push(`at least ${f.min}`);
      else if (f.max !== undefined) parts.push(`at most ${f.max}`);
      if (f.type === 'integer' && f.multipleOf !== undefined) parts.push(`multiple of ${f.multipleOf}`);
      if (f.type === 'integer' && f.defaultIsAuto) parts.push('or empty for auto');
      break;
    case 'string':
      if (f.minLength !== undefined && f.maxLength !== undefined) parts.push(`${f.minLength} to ${f.maxLength} characters`);
      if (f.format === 'uri') parts.push('an http(s) address');
      if (f.ratioRange) parts.push(`between ${f.ratioRange[0]} and ${f.ratioRange[1]}`);
      break;
    case 'enum':
      parts.push(f.values.join(', '));
      break;
    case 'image':
      parts.push(f.encoding === 'base64' ? 'image' : 'image or address');
      break;
    case 'video':
      parts.push(f.encoding === 'base64' ? 'video' : 'video or address');
      break;
    case 'keyframes':
      parts.push(`${f.minItems} to ${f.maxItems} images pinned to times`);
      break;
    case 'boolean':
      break;
  }
  return parts.join(', ');
}

export function describeDefault(f: FieldSpec): string {
  if (f.default === undefined) return '—';
  if (f.default === '') return 'empty';
  if (isAutoValue(f, f.default)) return 'auto (left out)';
  return JSON.stringify(f.default);
}

/** What the user should know about an endpoint's inputs and outputs, in short phrases. */
export function describeLimits(e: EndpointSpec): string[] {
  const out: string[] = [];
  if (e.maxReferences > 0) out.push(`up to ${e.maxReferences} references`);
  const l = e.limits;
  if (l.maxInputMegapixels !== undefined) out.push(`inputs up to ${l.maxInputMegapixels} MP`);
  if (l.downscalesAboveMegapixels !== undefined) {
    out.push(`inputs over ${l.downscalesAboveMegapixels} MP are downscaled to about ${l.downscalesToMegapixels} MP`);
  }
  if (l.maxOutputMegapixels !== undefined) out.push(`output up to ${l.maxOutputMegapixels} MP`);
  if (l.maxVideoSeconds !== undefined) {
    out.push(`source up to ${l.maxVideoSeconds} s, ${(l.maxVideoBytes ?? 0) / 1e6} MB, ${l.maxVideoWidth} x ${l.maxVideoHeight}`);
  }
  return out;
}

/** Every inference behind an endpoint's entry, for the "what is inferred" list. */
export function inferences(e: EndpointSpec): string[] {
  const out: string[] = [];
  if (e.inferredPath) out.push(`Path: ${e.inferredPath}`);
  if (e.inferred) out.push(`Request: ${e.inferred}`);
  for (const f of e.fields) if (f.inferred && f.inferred !== e.inferred) out.push(`${f.name}: ${f.inferred}`);
  return out;
}
