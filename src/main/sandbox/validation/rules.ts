import type { CrossFieldRule, EndpointSpec } from '../../../shared/catalog/endpoint';
import type { DecodedImage, DecodedInputs } from '../outputs/job';
import { serviceIssue, type ServiceIssue } from './issue';

/*
 * The checks an endpoint makes once its model has validated: they read several fields, or the decoded media.
 * The catalog declares which apply (its data); what each one checks and says is the Sandbox's own, in the
 * service's `value_error` form. The document states each rule (mask size, limits) but not its wording.
 */

interface Request {
  readonly body: Readonly<Record<string, unknown>>;
  readonly inputs: DecodedInputs;
}

type Check<K extends CrossFieldRule['kind']> = (rule: Extract<CrossFieldRule, { kind: K }>, r: Request) => ServiceIssue[];

const given = (v: unknown) => v !== undefined && v !== null;
const numeric = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** A field's value as the issue's input, or, for one left out, the body it is missing from (pydantic's `missing`). */
const inputAt = (r: Request, field: string) => (field in r.body ? r.body[field] : r.body);
const valueError = (r: Request, field: string, msg: string) => serviceIssue(['body', field], 'value_error', `Value error, ${msg}`, r.body[field] ?? null);
const pixels = (img: DecodedImage) => img.width * img.height;
const mp = (n: number) => (n / 1e6).toFixed(2);

const CHECKS: { readonly [K in CrossFieldRule['kind']]: Check<K> } = {
  'same-dimensions': (rule, r) => {
    const a = r.inputs.images.get(rule.field);
    const b = r.inputs.images.get(rule.as);
    if (!a || !b || (a.width === b.width && a.height === b.height)) return [];
    return [valueError(r, rule.field, `${rule.field} is ${a.width}x${a.height} but ${rule.as} is ${b.width}x${b.height}; they must match`)];
  },
  'alpha-or-field': (rule, r) => {
    const img = r.inputs.images.get(rule.image);
    if (given(r.body[rule.field]) || !img || img.hasAlpha) return [];
    return [serviceIssue(['body', rule.field], 'missing', `Field required when ${rule.image} has no transparent pixels`, inputAt(r, rule.field))];
  },
  // Extra references are fields the endpoint does not define: the service ignores them.
  'reference-count': () => [],
  'duration-by-mode': (rule, r) => {
    const mode = r.body[rule.modeField];
    const max = typeof mode === 'string' ? rule.maxByMode[mode] : undefined;
    const duration = numeric(r.body[rule.durationField]);
    if (max === undefined || duration === undefined || duration <= max) return [];
    return [serviceIssue(['body', rule.durationField], 'less_than_equal', `Input should be less than or equal to ${max}`, r.body[rule.durationField], { le: max })];
  },
  'required-when': (rule, r) => {
    const when = r.body[rule.whenField];
    if (typeof when !== 'string' || !rule.whenValues.includes(when) || given(r.body[rule.field])) return [];
    return [serviceIssue(['body', rule.field], 'missing', `Field required for ${rule.whenField} '${when}'`, inputAt(r, rule.field))];
  },
  'keyframes-within-duration': (rule, r) => {
    const duration = numeric(r.body[rule.durationField]);
    const frames = r.body[rule.field];
    if (duration === undefined || !Array.isArray(frames)) return [];
    return frames.flatMap((frame: unknown, i) => {
      const time = numeric((frame as { time?: unknown }).time);
      if (time === undefined || time <= duration) return [];
      return [serviceIssue(['body', rule.field, i, 'time'], 'less_than_equal', `Input should be less than or equal to ${duration}`, time, { le: duration })];
    });
  },
  'fits-inside': (rule, r) => {
    const img = r.inputs.images.get(rule.image);
    const width = numeric(r.body[rule.width]);
    const height = numeric(r.body[rule.height]);
    if (!img || width === undefined || height === undefined) return [];
    const x = numeric(r.body[rule.offsetX]) ?? 0;
    const y = numeric(r.body[rule.offsetY]) ?? 0;
    const out: ServiceIssue[] = [];
    if (x + img.width > width) out.push(valueError(r, rule.offsetX, `the ${img.width}px wide ${rule.image} at ${rule.offsetX}=${x} overflows ${rule.width}=${width}`));
    if (y + img.height > height) out.push(valueError(r, rule.offsetY, `the ${img.height}px tall ${rule.image} at ${rule.offsetY}=${y} overflows ${rule.height}=${height}`));
    return out;
  },
  'max-input-megapixels': (rule, r) =>
    rule.fields.flatMap((field) => {
      const img = r.inputs.images.get(field);
      if (!img || pixels(img) <= rule.max * 1e6) return [];
      return [valueError(r, field, `the input image has ${mp(pixels(img))} megapixels; the limit is ${rule.max}`)];
    }),
  'max-output-megapixels': (rule, r) => {
    const width = numeric(r.body[rule.width]);
    const height = numeric(r.body[rule.height]);
    if (width === undefined || height === undefined || width * height <= rule.max * 1e6) return [];
    return [valueError(r, rule.width, `the output would have ${mp(width * height)} megapixels; the limit is ${rule.max}`)];
  },
  'video-source': (rule, r) => {
    const when = rule.when;
    if (when && !when.values.includes(String(r.body[when.field]))) return [];
    const v = r.inputs.videos.get(rule.field);
    if (!v) return [];
    const broken = [
      v.seconds > rule.maxSeconds ? `is ${v.seconds.toFixed(2)} seconds long (limit ${rule.maxSeconds})` : undefined,
      rule.maxBytes !== undefined && v.bytes.byteLength > rule.maxBytes ? `is ${v.bytes.byteLength} bytes (limit ${rule.maxBytes})` : undefined,
      rule.maxWidth !== undefined && rule.maxHeight !== undefined && (v.width > rule.maxWidth || v.height > rule.maxHeight)
        ? `is ${v.width}x${v.height} (limit ${rule.maxWidth}x${rule.maxHeight})`
        : undefined,
    ];
    return broken.filter((b): b is string => b !== undefined).map((b) => valueError(r, rule.field, `the source video ${b}`));
  },
};

const checkRule = <K extends CrossFieldRule['kind']>(rule: Extract<CrossFieldRule, { kind: K }>, r: Request): ServiceIssue[] =>
  (CHECKS[rule.kind] as Check<K>)(rule, r);

/** The endpoint's cross-field rules over a body whose fields are valid, with its media decoded. */
export function checkEndpointRules(endpoint: EndpointSpec, body: Readonly<Record<string, unknown>>, inputs: DecodedInputs): ServiceIssue[] {
  return endpoint.rules.flatMap((rule) => checkRule(rule, { body, inputs }));
}
