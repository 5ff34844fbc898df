import type { CrossFieldRule, EndpointSpec } from '../catalog/endpoint';
import { megapixels } from '../media/imageHeader';
import { overLimit } from '../text/sizeWords';
import { issue, issueSaid, type ValidationIssue } from './issue';
import { words } from '../i18n/words';

export interface ImageProbe {
  readonly width: number;
  readonly height: number;
  readonly hasAlpha: boolean;
}

export interface VideoProbe {
  readonly seconds: number;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
}

/** What validation may know about media values beyond their text; unknown media skips the rules that need it. */
export interface MediaProbes {
  readonly image?: (field: string, value: string) => ImageProbe | undefined;
  readonly video?: (field: string, value: string) => VideoProbe | undefined;
}

export type Strictness =
  /** What the service itself refuses: fields it does not define are ignored. */
  | 'service'
  /** Also refuses what the service would silently drop, like a fifth reference on a four-reference endpoint. */
  | 'client';

interface RuleInput {
  readonly endpoint: EndpointSpec;
  readonly body: Readonly<Record<string, unknown>>;
  readonly probes: MediaProbes;
  readonly strictness: Strictness;
}

const present = (v: unknown) => v !== undefined && v !== null;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function probeImage(input: RuleInput, field: string): ImageProbe | undefined {
  const value = str(input.body[field]);
  return value === undefined ? undefined : input.probes.image?.(field, value);
}

const REFERENCE_NAME = /^input_image(?:_(\d+))?$/;

type Check<K extends CrossFieldRule['kind']> = (rule: Extract<CrossFieldRule, { kind: K }>, input: RuleInput) => ValidationIssue[];

/** One check per kind of cross-field rule; the catalog says which apply to an endpoint. */
const CHECKS: { readonly [K in CrossFieldRule['kind']]: Check<K> } = {
  'same-dimensions': (rule, input) => {
    const a = probeImage(input, rule.field);
    const b = probeImage(input, rule.as);
    if (!a || !b || (a.width === b.width && a.height === b.height)) return [];
    return [
      issueSaid(
        ['body', rule.field],
        'value_error',
        words('forms.rule.sameSize', { field: rule.field, other: rule.as, otherWidth: String(b.width), otherHeight: String(b.height), width: String(a.width), height: String(a.height) }),
      ),
    ];
  },
  'alpha-or-field': (rule, input) => {
    const { body } = input;
    if (present(body[rule.field])) return [];
    const image = probeImage(input, rule.image);
    if (!image || image.hasAlpha) return [];
    return [
      issueSaid(['body', rule.field], 'missing', words('forms.rule.alphaOrField', { image: rule.image, field: rule.field })),
    ];
  },
  'reference-count': (rule, input) => {
    const { body, endpoint } = input;
    if (input.strictness !== 'client') return [];
    const out: ValidationIssue[] = [];
    for (const [key, value] of Object.entries(body)) {
      const m = REFERENCE_NAME.exec(key);
      if (!m || !present(value) || rule.fields.includes(key)) continue;
      out.push(
        issueSaid(['body', key], 'value_error', words('forms.rule.referenceCount', { endpoint: endpoint.id, max: String(rule.max) }), {
          max_references: rule.max,
        }),
      );
    }
    return out;
  },
  'duration-by-mode': (rule, { body }) => {
    const mode = str(body[rule.modeField]);
    const duration = num(body[rule.durationField]);
    const max = mode === undefined ? undefined : rule.maxByMode[mode];
    if (duration === undefined || max === undefined || duration <= max) return [];
    return [
      issueSaid(['body', rule.durationField], 'less_than_equal', words('forms.rule.durationByMode', { max, mode: mode ?? '' }), {
        le: max,
      }),
    ];
  },
  'required-when': (rule, { body }) => {
    const when = str(body[rule.whenField]);
    if (when === undefined || !rule.whenValues.includes(when) || present(body[rule.field])) return [];
    return [issueSaid(['body', rule.field], 'missing', words('forms.rule.requiredWhen', { whenField: rule.whenField, when }))];
  },
  'keyframes-within-duration': (rule, { body }) => {
    const duration = num(body[rule.durationField]);
    const frames = body[rule.field];
    if (duration === undefined || !Array.isArray(frames)) return [];
    const out: ValidationIssue[] = [];
    frames.forEach((frame: unknown, i) => {
      const time = num((frame as { time?: unknown } | null)?.time);
      if (time !== undefined && time > duration) {
        out.push(
          issueSaid(['body', rule.field, i, 'time'], 'less_than_equal', words('forms.rule.keyframeAfterEnd', { duration }), {
            le: duration,
          }),
        );
      }
    });
    return out;
  },
  'fits-inside': (rule, input) => {
    const { body } = input;
    const image = probeImage(input, rule.image);
    const width = num(body[rule.width]);
    const height = num(body[rule.height]);
    if (!image || width === undefined || height === undefined) return [];
    const x = num(body[rule.offsetX]) ?? 0;
    const y = num(body[rule.offsetY]) ?? 0;
    const out: ValidationIssue[] = [];
    if (x + image.width > width) {
      out.push(
        issueSaid(['body', rule.offsetX], 'value_error', words('forms.rule.fitsWidth', { size: String(image.width), x: String(x), width: String(width) })),
      );
    }
    if (y + image.height > height) {
      out.push(
        issueSaid(['body', rule.offsetY], 'value_error', words('forms.rule.fitsHeight', { size: String(image.height), y: String(y), height: String(height) })),
      );
    }
    return out;
  },
  'max-input-megapixels': (rule, input) => {
    const { endpoint } = input;
    const out: ValidationIssue[] = [];
    for (const field of rule.fields) {
      const image = probeImage(input, field);
      if (!image) continue;
      const mp = megapixels(image.width, image.height);
      // Compare pixels, not the rounded readout, so 4,000,001 pixels is over a 4 MP limit.
      if (image.width * image.height > rule.max * 1e6) {
        out.push(
          issueSaid(['body', field], 'value_error', words('forms.rule.inputMegapixels', { mp, width: String(image.width), height: String(image.height), endpoint: endpoint.id, max: String(rule.max) }), {
            max_megapixels: rule.max,
          }),
        );
      }
    }
    return out;
  },
  'max-output-megapixels': (rule, { body }) => {
    const width = num(body[rule.width]);
    const height = num(body[rule.height]);
    if (width === undefined || height === undefined) return [];
    const mp = megapixels(width, height);
    if (width * height <= rule.max * 1e6) return [];
    return [
      issueSaid(['body', rule.width], 'value_error', words('forms.rule.outputMegapixels', { width: String(width), height: String(height), mp, max: String(rule.max) }), {
        max_megapixels: rule.max,
      }),
    ];
  },
  'video-source': (rule, input) => {
    const { body } = input;
    if (rule.when && !rule.when.values.includes(str(body[rule.when.field]) ?? '')) return [];
    const value = str(body[rule.field]);
    const v = value === undefined ? undefined : input.probes.video?.(rule.field, value);
    if (!v) return [];
    // ctx.limit names the limit broken, so a screen can say it in the artist's language (upscale.ts).
    const said = (limit: 'seconds' | 'bytes' | 'frame', what: string, max: string) =>
      issue(['body', rule.field], 'value_error', `This clip is ${what}; ${rule.takes} at most ${max}.`, { limit });
    const out: ValidationIssue[] = [];
    if (v.seconds > rule.maxSeconds) out.push(said('seconds', `${overLimit(v.seconds, rule.maxSeconds)} s long`, `${rule.maxSeconds} s`));
    if (rule.maxBytes !== undefined && v.bytes > rule.maxBytes) out.push(said('bytes', `${overLimit(v.bytes / 1e6, rule.maxBytes / 1e6)} MB`, `${rule.maxBytes / 1e6} MB`));
    if (rule.maxWidth !== undefined && rule.maxHeight !== undefined && (v.width > rule.maxWidth || v.height > rule.maxHeight)) {
      out.push(said('frame', `${v.width} × ${v.height}`, `${rule.maxWidth} × ${rule.maxHeight}`));
    }
    return out;
  },
};

const checkRule = <K extends CrossFieldRule['kind']>(rule: Extract<CrossFieldRule, { kind: K }>, input: RuleInput): ValidationIssue[] => (CHECKS[rule.kind] as Check<K>)(rule, input);

export function checkRules(input: RuleInput): ValidationIssue[] {
  return input.endpoint.rules.flatMap((rule) => checkRule(rule, input));
}
