import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import { fieldOf } from '../../../../shared/catalog/endpoint';
import type { Intent } from '../../../../shared/studio/intents';
import { describeLimits } from '../../catalog/describeField';

/**
 * A model's limits in a few words, from the catalog, as they hold in the intent it is used for: in Create no
 * image is sent, so its reference limit does not apply; in Edit the picture is image 1 and takes one place.
 */
export function modelLimits(endpoint: EndpointSpec, intent: Intent): string[] {
  const out = describeLimits(endpoint).filter((l) => !/^up to \d+ references$/.test(l));
  const images = endpoint.maxReferences;
  if (images > 0 && intent.sendsPicture) out.unshift(images > 1 ? `the picture and up to ${images - 1} reference${images - 1 === 1 ? '' : 's'}` : 'the picture only');
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

/** The limits as one sentence, or an empty string: "The picture and up to 7 references · inputs up to 4 MP." */
export function limitsSentence(limits: readonly string[]): string {
  if (limits.length === 0) return '';
  const text = limits.join(' · ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
