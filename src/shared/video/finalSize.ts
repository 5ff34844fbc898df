import type { JsonValue } from '../catalog/field';
import { VIDEO_DRAFT_RESOLUTION, VIDEO_FRAME_SIZES, VIDEO_RESOLUTIONS, type VideoResolution } from '../catalog/video';
import type { KeyframeRef, TaskRequest } from '../tasks/taskRequest';

const pixels = (r: VideoResolution) => VIDEO_FRAME_SIZES[r].width * VIDEO_FRAME_SIZES[r].height;

const isResolution = (value: unknown): value is VideoResolution => typeof value === 'string' && (VIDEO_RESOLUTIONS as readonly string[]).includes(value);

/** The size a draft was rendered at: its request's, or the service's draft size when it does not say. */
export function draftSize(params: Readonly<Record<string, unknown>>): VideoResolution {
  return isResolution(params.resolution) ? params.resolution : VIDEO_DRAFT_RESOLUTION;
}

/**
 * The sizes a draft can be made final at: those with more pixels than the draft's. Enhancing at the draft's own
 * size would render the same frames again and charge for them.
 */
export function finalSizes(draft: VideoResolution): VideoResolution[] {
  return VIDEO_RESOLUTIONS.filter((r) => pixels(r) > pixels(draft));
}

/** The size Make final starts on: the panel's frame size when it is above the draft's, else the first one that is. */
export function defaultFinalSize(draft: VideoResolution, chosen: unknown): VideoResolution | null {
  const offered = finalSizes(draft);
  return isResolution(chosen) && offered.includes(chosen) ? chosen : (offered[0] ?? null);
}

/** What Make final reads of a draft result. */
export interface DraftResult {
  readonly endpointId: string;
  readonly params: Readonly<Record<string, JsonValue>>;
  readonly seed: number | null;
  readonly inputs: ReadonlyArray<{ readonly field: string; readonly assetId: string; readonly time?: number | undefined }>;
}

/**
 * The draft enhance request for a draft at a final size: its keyframes, prompt, length and seed kept, the draft as
 * the clip (`clipAssetId`; null when only pricing it, since the price follows the length and the size, not the
 * clip). Throws for a size not above the draft's: such a "final" is never sent.
 */
export function finalRequest(draft: DraftResult, size: VideoResolution, clipAssetId: string | null): TaskRequest {
  if (!finalSizes(draftSize(draft.params)).includes(size)) throw new Error(`A final must be larger than its draft (${draftSize(draft.params)}), not ${size}.`);
  const params: Record<string, JsonValue> = { ...draft.params, mode: 'draft_enhance', resolution: size };
  if (draft.seed !== null) params.seed = draft.seed;
  const keyframes: KeyframeRef[] = draft.inputs.flatMap((i) => (i.field === 'keyframes' && i.time !== undefined ? [{ assetId: i.assetId, time: i.time }] : []));
  return {
    endpointId: draft.endpointId,
    params,
    inputs: { ...(clipAssetId ? { video: { assetId: clipAssetId } } : {}), ...(keyframes.length > 0 ? { keyframes } : {}) },
  };
}
