import { VIDEO_DRAFT_RESOLUTION } from '../catalog/video';
import type { AppText } from '../i18n/text';
import { UPSCALE_ENDPOINT_ID } from './upscale';

/** What a clip's name is said with: the words of the artist's language, and its clock time and durations. */
type NameText = Pick<AppText, 't' | 'time' | 'duration'>;

type Params = Readonly<Record<string, unknown>>;

/**
 * Whether a Gen 3 Video clip is a draft (rendered at the draft size to check the motion) or a final one (made at
 * a final size, or a draft enhanced by Make final); null for anything that is not a generated clip.
 */
export function clipKind(endpointId: string, params: Params): 'draft' | 'final' | null {
  if (endpointId !== 'gen-3-video') return null;
  if (params.mode === 'draft_enhance') return 'final';
  return params.resolution === VIDEO_DRAFT_RESOLUTION ? 'draft' : 'final';
}

/**
 * A clip's name as the strip, the queue and the player show it, so that an artist tells clips apart at a
 * glance: the model, draft or final, its length and when it was asked for ("Gen 3 Video draft · 5 s · 14:32").
 * Anything else is named by its model alone. The facts are a list separated by ·, each said in the artist's language.
 */
export function resultName(task: { readonly endpointId: string; readonly params: Params; readonly createdAt: number }, model: string, text: NameText): string {
  const kind = clipKind(task.endpointId, task.params);
  const time = text.time(task.createdAt);
  if (kind) {
    const seconds = typeof task.params.duration === 'number' ? text.duration(task.params.duration) : null;
    return [text.t('main.clip.kind', { model, kind }), seconds, time].filter(Boolean).join(' · ');
  }
  if (task.endpointId === UPSCALE_ENDPOINT_ID) {
    const factor = typeof task.params.upscale_factor === 'number' ? text.t('main.clip.larger', { factor: task.params.upscale_factor }) : null;
    return [model, factor, time].filter(Boolean).join(' · ');
  }
  return model;
}

/**
 * A result taken in as an input (a reference, a keyframe, a shelf picture, the clip to continue), named as the
 * artist knows it, never by its file's name with the model's id: its name, and for a picture the time it was asked
 * for, to tell two of one model apart ("Outpainting · 14:32"). The file on disk keeps its own name.
 */
export function inputName(task: { readonly endpointId: string; readonly params: Params; readonly createdAt: number }, model: string, text: NameText): string {
  const name = resultName(task, model, text);
  return name === model ? `${model} · ${text.time(task.createdAt)}` : name;
}
