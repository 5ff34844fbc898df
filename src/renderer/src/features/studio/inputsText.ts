import type { CanvasDocument } from '../../../../shared/canvas/document';
import type { documentUse } from '../../../../shared/canvas/request';
import type { AppText } from '../../../../shared/i18n/text';
import { megapixels } from '../../../../shared/media/imageHeader';
import type { TaskRequest } from '../../../../shared/tasks/taskRequest';

/**
 * What Generate sends in, in words: the picture and references in megapixels, and, as the request carries them
 * in its mode, the keyframes pinned on the timeline and the clip a video starts from. "No image in" only when
 * nothing goes. The things sent are listed as the language lists things (Intl.ListFormat: "a and b").
 */
export function inputsText(document: CanvasDocument, use: ReturnType<typeof documentUse>, inputs: TaskRequest['inputs'], text: AppText): string {
  const pictures = [use.imageField && document.base ? document.base : null, ...document.references.slice(0, use.referenceFields.length)].filter((x) => x !== null);
  const keyframes = use.keyframesField && inputs[use.keyframesField] ? document.timeline.keyframes.map((k) => k.image) : [];
  const clip = use.videoField && inputs[use.videoField] ? document.timeline.source : null;
  const mp = (images: ReadonlyArray<{ width: number; height: number }>) => text.number(images.reduce((sum, r) => sum + megapixels(r.width, r.height), 0));
  const parts: string[] = [];
  if (pictures.length > 0) parts.push(text.t('studio.inputs.megapixels', { mp: mp(pictures) }));
  if (keyframes.length > 0) parts.push(text.t('studio.inputs.keyframes', { count: keyframes.length, mp: mp(keyframes) }));
  if (clip) parts.push(clip.seconds !== null ? text.t('studio.inputs.clip', { seconds: text.number(clip.seconds) }) : text.t('studio.inputs.someClip'));
  if (parts.length === 0) return text.t('studio.inputs.none');
  return text.t('studio.inputs.in', { what: new Intl.ListFormat(text.locale, { type: 'conjunction' }).format(parts) });
}
