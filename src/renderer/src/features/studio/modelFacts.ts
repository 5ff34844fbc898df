import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import { fieldOf } from '../../../../shared/catalog/endpoint';
import { describeLimits } from '../../catalog/describeField';

/** A model's limits in a few words, from the catalog: references, sizes, input and output limits. */
export function modelLimits(endpoint: EndpointSpec): string[] {
  const out = describeLimits(endpoint);
  const width = fieldOf(endpoint, 'width');
  if (width?.type === 'integer' && width.role !== 'outpaint-size') {
    if (width.min !== undefined && width.max !== undefined) out.push(`${width.min} to ${width.max} px a side${width.multipleOf ? `, steps of ${width.multipleOf}` : ''}`);
    else if (width.min !== undefined) out.push(`at least ${width.min} px a side`);
  }
  const sides = endpoint.fields.filter((f) => f.role === 'expand-side');
  const side = sides[0];
  if (side?.type === 'integer' && side.max !== undefined) out.push(`up to ${side.max} px added on each side`);
  if (endpoint.release === 'preview') out.push('preview: results may change over time');
  return out;
}
