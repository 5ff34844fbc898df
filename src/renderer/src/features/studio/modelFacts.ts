import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import { fieldOf } from '../../../../shared/catalog/endpoint';
import type { AppText } from '../../../../shared/i18n/text';
import type { Intent } from '../../../../shared/studio/intents';

/**
 * A model's limits in a few words, from the catalog, as they hold in the intent it is used for: in Create no
 * image is sent, so its reference limit does not apply; in Edit the picture is image 1 and takes one place.
 * Each limit is a message of its own (a fact, not part of a sentence).
 */
export function modelLimits(endpoint: EndpointSpec, intent: Intent, text: AppText): string[] {
  const out: string[] = [];
  const n = (v: number) => text.number(v);
  const images = endpoint.maxReferences;
  if (images > 0 && intent.sendsPicture) out.push(images > 1 ? text.t('studio.limit.pictureAndReferences', { count: images - 1 }) : text.t('studio.limit.pictureOnly'));
  const l = endpoint.limits;
  if (l.maxInputMegapixels !== undefined) out.push(text.t('studio.limit.inputsUpTo', { mp: n(l.maxInputMegapixels) }));
  if (l.downscalesAboveMegapixels !== undefined && l.downscalesToMegapixels !== undefined) {
    out.push(text.t('studio.limit.inputsDownscaled', { above: n(l.downscalesAboveMegapixels), to: n(l.downscalesToMegapixels) }));
  }
  if (l.maxOutputMegapixels !== undefined) out.push(text.t('studio.limit.outputUpTo', { mp: n(l.maxOutputMegapixels) }));
  if (l.maxVideoSeconds !== undefined) {
    out.push(text.t('studio.limit.source', { seconds: n(l.maxVideoSeconds), megabytes: n((l.maxVideoBytes ?? 0) / 1e6), width: String(l.maxVideoWidth), height: String(l.maxVideoHeight) }));
  }
  const width = fieldOf(endpoint, 'width');
  if (width?.type === 'integer' && width.role !== 'outpaint-size') {
    if (width.min !== undefined && width.max !== undefined) {
      const range = { min: String(width.min), max: String(width.max) };
      out.push(width.multipleOf ? text.t('studio.limit.sideRangeSteps', { ...range, step: String(width.multipleOf) }) : text.t('studio.limit.sideRange', range));
    } else if (width.min !== undefined) out.push(text.t('studio.limit.sideAtLeast', { min: String(width.min) }));
  }
  const side = endpoint.fields.find((f) => f.role === 'expand-side');
  if (side?.type === 'integer' && side.max !== undefined) out.push(text.t('studio.limit.addedEachSide', { max: String(side.max) }));
  if (endpoint.release === 'preview') out.push(text.t('studio.limit.preview'));
  return out;
}
