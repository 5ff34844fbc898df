import { VIDEO_UPSCALE_DEFAULT_FACTOR, VIDEO_UPSCALE_SOURCE } from '../catalog/video';
import { getEndpoint } from '../catalog/catalog';
import { ENGLISH_TEXT, type AppText } from '../i18n/text';
import { validateTaskRequest, type TaskRequest } from '../tasks/taskRequest';
import { overLimit } from '../text/sizeWords';
import type { ValidationIssue } from '../validation/issue';

export const UPSCALE_ENDPOINT_ID = 'video-upscale-v1';

/** The factor the panel starts at, and its range (the catalog's field says 1.5 to 3). */
export const UPSCALE_FACTOR = { min: 1.5, max: 3, step: 0.1, initial: VIDEO_UPSCALE_DEFAULT_FACTOR } as const;

/** What the panel knows of a source clip when it is chosen, before anything is uploaded. */
export interface UpscaleSourceFacts {
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
  readonly seconds: number;
}

/** Stands in for the clip's asset id while checking facts about a clip not stored yet. */
const UNSTORED = '0'.repeat(64);

/** A broken limit in the language on screen, from the limit the rule names (its ctx) and the clip's own figures. */
function problemWords(problem: ValidationIssue, source: UpscaleSourceFacts, text: AppText): string {
  const max = VIDEO_UPSCALE_SOURCE;
  switch (problem.ctx?.limit) {
    case 'seconds':
      return text.t('studio.upscale.tooLong', { seconds: overLimit(source.seconds, max.maxSeconds, text.locale), max: max.maxSeconds });
    case 'bytes':
      return text.t('studio.upscale.tooHeavy', { megabytes: overLimit(source.bytes / 1e6, max.maxBytes / 1e6, text.locale), max: max.maxBytes / 1e6 });
    case 'frame':
      return text.t('studio.upscale.tooWide', { width: String(source.width), height: String(source.height), maxWidth: String(max.maxWidth), maxHeight: String(max.maxHeight) });
    default:
      return problem.msg;
  }
}

/**
 * Every way a clip breaks the service's source limits (20 s, 50 MB, 2560 x 1440), each in the artist's words: the
 * catalog's video-source rule, the one the core checks again before sending. The service refuses such clips
 * (without charging), so the panel refuses them when chosen and sends nothing.
 */
export function upscaleSourceProblems(source: UpscaleSourceFacts, text: AppText = ENGLISH_TEXT): string[] {
  const request = upscaleRequest({ factor: UPSCALE_FACTOR.initial, creative: true, prompt: '' }, UNSTORED);
  const facts = { ...source, hasAlpha: false, kind: 'video' as const };
  return validateTaskRequest(getEndpoint(UPSCALE_ENDPOINT_ID), request, () => facts)
    .filter((i) => i.loc[1] === 'video')
    .map((i) => problemWords(i, source, text));
}

/** Over 50 MB: said from the file's size alone, before its bytes are read (its other facts are not known yet). */
export function upscaleBytesProblem(bytes: number, text: AppText = ENGLISH_TEXT): string | null {
  return upscaleSourceProblems({ bytes, width: 1, height: 1, seconds: 0 }, text)[0] ?? null;
}

export interface UpscaleSettings {
  readonly factor: number;
  /** Creative adds detail; precise stays close to the source. The service calls it `creativity`, 1 or 0. */
  readonly creative: boolean;
  readonly prompt: string;
}

/** The request an upscale sends: the source clip by asset id, the factor, precise or creative, and the prompt if any. */
export function upscaleRequest(settings: UpscaleSettings, sourceAssetId: string): TaskRequest {
  const prompt = settings.prompt.trim();
  return {
    endpointId: UPSCALE_ENDPOINT_ID,
    params: {
      upscale_factor: Math.round(Math.min(UPSCALE_FACTOR.max, Math.max(UPSCALE_FACTOR.min, settings.factor)) * 100) / 100,
      creativity: settings.creative ? 1 : 0,
      ...(prompt ? { prompt } : {}),
    },
    inputs: { video: { assetId: sourceAssetId } },
  };
}
