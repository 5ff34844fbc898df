import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import type { FieldSpec, JsonValue } from '../../../../shared/catalog/field';
import type { AssetInfo } from '../../../../shared/ipc/contract';
import type { AssetFacts, TaskRequest } from '../../../../shared/tasks/taskRequest';
import { validateTaskRequest } from '../../../../shared/tasks/taskRequest';
import { fieldOfIssue, type ValidationIssue } from '../../../../shared/validation/issue';
import type { FormValues } from '../forms/fieldModel';

/** Images chosen for the form's image fields, by field name. */
export type MediaInputs = Readonly<Record<string, AssetInfo | undefined>>;

/** What `tasks.submit` receives: plain values as parameters, chosen images by asset id. */
export function toTaskRequest(endpoint: EndpointSpec, values: FormValues, media: MediaInputs): TaskRequest {
  const params: Record<string, JsonValue> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined) params[name] = value;
  const inputs: TaskRequest['inputs'] = {};
  for (const [name, asset] of Object.entries(media)) if (asset && endpoint.fields.some((f) => f.name === name)) inputs[name] = { assetId: asset.id };
  return { endpointId: endpoint.id, params, inputs };
}

function factsOf(media: MediaInputs): (assetId: string) => AssetFacts | undefined {
  const byId = new Map(Object.values(media).flatMap((a) => (a ? [[a.id, { width: a.width, height: a.height, hasAlpha: a.hasAlpha, bytes: a.bytes }] as const] : [])));
  return (id) => byId.get(id);
}

/** The catalog's verdict on the request as it stands, in the service's 422 shape. */
export function clientIssues(endpoint: EndpointSpec, values: FormValues, media: MediaInputs): ValidationIssue[] {
  const request = toTaskRequest(endpoint, values, media);
  return validateTaskRequest(endpoint, request, factsOf(media));
}

/**
 * Which issues to show: a field's own issues once it has been touched, all of them after a submit attempt,
 * and the service's (or main's) issues from the last submission for fields not changed since.
 */
export function visibleIssues(
  client: readonly ValidationIssue[],
  o: { touched: ReadonlySet<string>; attempted: boolean; returned: readonly ValidationIssue[]; editedSince: ReadonlySet<string> },
): ValidationIssue[] {
  const shown = client.filter((i) => o.attempted || o.touched.has(fieldOfIssue(i) ?? ''));
  const returned = o.returned.filter((i) => !o.editedSince.has(fieldOfIssue(i) ?? '') && !shown.some((s) => s.msg === i.msg && s.loc.join('.') === i.loc.join('.')));
  return [...shown, ...returned];
}

export type LimitAdvice =
  | { readonly kind: 'over'; readonly megapixels: number; readonly max: number }
  | { readonly kind: 'service-downscales'; readonly megapixels: number; readonly above: number; readonly to: number };

/** What the user should know about an image against the endpoint's input limit, from the catalog. */
export function limitAdvice(endpoint: EndpointSpec, asset: Pick<AssetInfo, 'width' | 'height'>): LimitAdvice | null {
  const mp = (asset.width * asset.height) / 1e6;
  const { maxInputMegapixels: max, downscalesAboveMegapixels: above, downscalesToMegapixels: to } = endpoint.limits;
  if (max !== undefined && mp > max) return { kind: 'over', megapixels: mp, max };
  if (above !== undefined && to !== undefined && mp > above) return { kind: 'service-downscales', megapixels: mp, above, to };
  return null;
}

/** Image fields the simple picker fills; keyframes and videos come from the canvas. */
export const pickable = (f: FieldSpec): boolean => f.type === 'image';

/** Webhook fields stay out of this form: Gen Studio fetches results itself. */
export const hiddenInGenerate = (f: FieldSpec): boolean => f.group === 'webhook';
