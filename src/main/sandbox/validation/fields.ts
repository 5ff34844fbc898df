import type { FieldSpec, KeyframesField, StringField } from '../../../shared/catalog/field';
import { fail, pass, serviceIssue, type Checked, type Loc, type ServiceIssue } from './issue';
import { laxBool, laxFloat, laxInt, laxString, listBounds, numberBounds, strEnum } from './pydantic';
import { httpUrl } from './url';

const RATIO = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/;

/** W:H as a number, or undefined when the text is not a ratio of two positive numbers. */
function ratioOf(text: string): number | undefined {
  const m = RATIO.exec(text);
  const w = Number(m?.[1]);
  const h = Number(m?.[2]);
  return m && w > 0 && h > 0 ? w / h : undefined;
}

/** An aspect ratio within the catalog's range: a check after the type (pydantic's `value_error`). */
function aspectRatio(loc: Loc, input: string, f: StringField): Checked {
  const ratio = ratioOf(input);
  if (ratio === undefined) return fail(loc, 'value_error', `Value error, '${input}' is not an aspect ratio of the form W:H`, input);
  if (!f.ratioRange) return pass(input);
  const [a, b] = f.ratioRange.map((r) => ratioOf(r) ?? 1) as [number, number];
  if (ratio < Math.min(a, b) - 1e-9 || ratio > Math.max(a, b) + 1e-9) {
    return fail(loc, 'value_error', `Value error, the aspect ratio must lie between ${f.ratioRange[0]} and ${f.ratioRange[1]}`, input);
  }
  return pass(input);
}

function stringField(loc: Loc, input: unknown, f: StringField): Checked {
  if (f.format === 'uri') return httpUrl(loc, input, f.maxLength);
  const checked = laxString(loc, input, f);
  return checked.ok && f.format === 'aspect-ratio' ? aspectRatio(loc, checked.value as string, f) : checked;
}

/**
 * Keyframes as a list of `{image: str, time: float >= 0}` models, each item's errors at its own index; the list
 * as the model read it (a time of `"1.5"` is 1.5).
 */
function keyframesField(loc: Loc, input: unknown, f: KeyframesField): { value: unknown; issues: ServiceIssue[] } {
  const list = listBounds(loc, input, f);
  if (!list.ok) return { value: input, issues: [list.issue] };
  const issues: ServiceIssue[] = [];
  const value = (list.value as unknown[]).map((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      issues.push(serviceIssue([...loc, i], 'model_attributes_type', 'Input should be a valid dictionary or object to extract fields from', item));
      return item;
    }
    const frame = item as Record<string, unknown>;
    const missing = (name: string) => fail([...loc, i, name], 'missing', 'Field required', frame);
    const image = frame.image === undefined ? missing('image') : laxString([...loc, i, 'image'], frame.image);
    const timeLoc = [...loc, i, 'time'];
    const time = frame.time === undefined ? missing('time') : laxFloat(timeLoc, frame.time);
    const bounded = time.ok ? numberBounds(timeLoc, time.value as number, frame.time, { ge: 0 }) : time;
    for (const c of [image, bounded]) if (!c.ok) issues.push(c.issue);
    return bounded.ok ? { ...frame, time: bounded.value } : frame;
  });
  return { value, issues };
}

/**
 * One present value against its field, as the service's model declares it: the type in lax mode first, then its
 * constraints. Answers the value as the service goes on to use it (`"1024"` is 1024), or the issues.
 */
export function checkValue(loc: Loc, input: unknown, f: FieldSpec): { value: unknown; issues: ServiceIssue[] } {
  const one = (c: Checked) => (c.ok ? { value: c.value, issues: [] } : { value: input, issues: [c.issue] });
  switch (f.type) {
    case 'integer': {
      const n = laxInt(loc, input);
      return one(n.ok ? numberBounds(loc, n.value as number, input, { multipleOf: f.multipleOf, le: f.max, ge: f.min }) : n);
    }
    case 'number': {
      const n = laxFloat(loc, input);
      return one(n.ok ? numberBounds(loc, n.value as number, input, { le: f.max, ge: f.min }) : n);
    }
    case 'boolean':
      return one(laxBool(loc, input));
    case 'enum':
      return one(strEnum(loc, input, [...f.values, ...(f.alsoAccepted ?? [])]));
    case 'string':
      return one(stringField(loc, input, f));
    // Media is a plain string to the model; whether it decodes is the endpoint's to find out (decode/media.ts).
    case 'image':
    case 'video':
      return one(laxString(loc, input));
    case 'keyframes':
      return keyframesField(loc, input, f);
  }
}
