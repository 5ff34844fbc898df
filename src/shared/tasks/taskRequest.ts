import { z } from 'zod';
import { ProjectIdSchema } from '../projects/projectId';
import type { EndpointSpec } from '../catalog/endpoint';
import type { JsonValue } from '../catalog/field';
import { issue, type ValidationIssue } from '../validation/issue';
import type { ImageProbe, VideoProbe } from '../validation/rules';
import { validateRequest } from '../validation/validate';

export const AssetIdSchema = z.string().regex(/^[a-f0-9]{64}$/);

/** A media field filled from the asset store: main reads the bytes and sends them as base64. */
const AssetRefSchema = z.object({ assetId: AssetIdSchema });

/** One keyframe of the video endpoint: an image pinned to a time in seconds. */
const KeyframeRefSchema = z.object({ assetId: AssetIdSchema, time: z.number().nonnegative() });
export type KeyframeRef = z.infer<typeof KeyframeRefSchema>;

const TaskInputSchema = z.union([AssetRefSchema, z.array(KeyframeRefSchema).max(64)]);
export type TaskInput = z.infer<typeof TaskInputSchema>;

/**
 * What the renderer asks main to send: the endpoint, its plain parameters, and its media inputs by asset id.
 * Large images never cross IPC as text; main resolves the ids to base64 just before the request goes out.
 */
export const TaskRequestSchema = z.object({
  endpointId: z.string().min(1).max(200),
  params: z.record(z.string(), z.json()),
  inputs: z.record(z.string(), TaskInputSchema),
  /** The project whose canvas asked for it: its results land in that project's results strip. */
  projectId: ProjectIdSchema.optional(),
});
export type TaskRequest = z.infer<typeof TaskRequestSchema>;

/** What validation may know about an asset without its bytes. */
export interface AssetFacts {
  readonly width: number;
  readonly height: number;
  readonly hasAlpha: boolean;
  readonly bytes?: number;
  /** a video's length; with `bytes`, what the video rules check before a clip is sent */
  readonly seconds?: number;
  /** what the file is; a field given the other kind is refused (unknown: not checked) */
  readonly kind?: 'image' | 'video';
}

/** What validation checks of an asset, from its record (`AssetInfo`): a video's length and size come from its file. */
export function assetFactsOf(info: {
  readonly width: number;
  readonly height: number;
  readonly hasAlpha: boolean;
  readonly bytes: number;
  readonly kind: 'image' | 'video';
  readonly seconds: number | null;
}): AssetFacts {
  return { width: info.width, height: info.height, hasAlpha: info.hasAlpha, bytes: info.bytes, kind: info.kind, ...(info.seconds !== null ? { seconds: info.seconds } : {}) };
}

/** Stands in for a media value during validation: present, non-empty, and mapped back to its asset. */
const placeholder = (assetId: string) => `asset:${assetId}`;

/**
 * Validates a task request as the service would validate the body it becomes, with sizes taken from the
 * asset store instead of decoding base64. Used by the renderer (inline errors) and by main (never trusting
 * the renderer) alike.
 */
export function validateTaskRequest(
  endpoint: EndpointSpec,
  request: Pick<TaskRequest, 'params' | 'inputs'>,
  facts: (assetId: string) => AssetFacts | undefined,
): ValidationIssue[] {
  const body: Record<string, JsonValue> = { ...request.params };
  for (const [field, input] of Object.entries(request.inputs)) {
    body[field] = Array.isArray(input)
      ? input.map((k) => ({ image: placeholder(k.assetId), time: k.time }))
      : placeholder(input.assetId);
  }
  const assetOf = (value: string) => (value.startsWith('asset:') ? facts(value.slice(6)) : undefined);
  const wrongKind = Object.entries(request.inputs).flatMap(([field, input]): ValidationIssue[] => {
    const spec = endpoint.fields.find((f) => f.name === field);
    const wanted = spec?.type === 'video' ? 'video' : spec?.type === 'image' || spec?.type === 'keyframes' ? 'image' : undefined;
    if (!wanted) return [];
    const refs = Array.isArray(input) ? input : [input];
    return refs.some((r) => {
      const kind = facts(r.assetId)?.kind;
      return kind !== undefined && kind !== wanted;
    })
      ? [issue(['body', field], 'value_error', wanted === 'video' ? 'This takes a video clip, not a picture.' : 'This takes a picture, not a video clip; use a frame of it instead.')]
      : [];
  });
  if (wrongKind.length) return wrongKind;
  return validateRequest(endpoint, body, {
    probes: {
      image: (_field, value): ImageProbe | undefined => assetOf(value),
      video: (_field, value): VideoProbe | undefined => {
        const f = assetOf(value);
        return f && f.seconds !== undefined && f.bytes !== undefined
          ? { seconds: f.seconds, bytes: f.bytes, width: f.width, height: f.height }
          : undefined;
      },
    },
  });
}
