import type { CanvasDocument } from '../../../../shared/canvas/document';
import type { documentUse } from '../../../../shared/canvas/request';
import { megapixels } from '../../../../shared/media/imageHeader';
import type { TaskRequest } from '../../../../shared/tasks/taskRequest';
import { numberText } from '../../text/taskText';

/**
 * What Generate sends in, in words: the picture and references in megapixels, and, as the request carries them
 * in its mode, the keyframes pinned on the timeline and the clip a video starts from. "No image in" only when
 * nothing goes.
 */
export function inputsText(document: CanvasDocument, use: ReturnType<typeof documentUse>, inputs: TaskRequest['inputs']): string {
  const pictures = [use.imageField && document.base ? document.base : null, ...document.references.slice(0, use.referenceFields.length)].filter((x) => x !== null);
  const keyframes = use.keyframesField && inputs[use.keyframesField] ? document.timeline.keyframes.map((k) => k.image) : [];
  const clip = use.videoField && inputs[use.videoField] ? document.timeline.source : null;
  const mp = (images: ReadonlyArray<{ width: number; height: number }>) => numberText(images.reduce((sum, r) => sum + megapixels(r.width, r.height), 0));
  const parts: string[] = [];
  if (pictures.length > 0) parts.push(`${mp(pictures)} MP`);
  if (keyframes.length > 0) parts.push(`${keyframes.length} ${keyframes.length === 1 ? 'keyframe' : 'keyframes'} (${mp(keyframes)} MP)`);
  if (clip) parts.push(clip.seconds !== null ? `a ${numberText(clip.seconds)} s clip` : 'a clip');
  return parts.length > 0 ? `In ${parts.join(' and ')}` : 'No image in';
}
