import type { JsonValue } from '../catalog/field';

/** One entry of the service's 422 body: `{detail: [{loc, msg, type}]}`. */
export interface ValidationIssue {
  readonly loc: readonly (string | number)[];
  readonly msg: string;
  readonly type: string;
  readonly ctx?: Readonly<Record<string, JsonValue>>;
  /** The value the issue is about, as the service's items carry it (field notes); filled in by `withInput`. */
  readonly input?: unknown;
}

export const issue = (
  loc: readonly (string | number)[],
  type: string,
  msg: string,
  ctx?: Record<string, JsonValue>,
): ValidationIssue => (ctx ? { loc, msg, type, ctx } : { loc, msg, type });

/** Joins values the way the service's messages do: 'a', 'b' or 'c'. */
export function quoteList(values: readonly string[]): string {
  const q = values.map((v) => `'${v}'`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}

/** The form field an issue belongs to: `['body', 'width']` is `width`; `['body']` is the whole request. */
export function fieldOfIssue(i: ValidationIssue): string | undefined {
  const [where, field] = i.loc;
  return where === 'body' && typeof field === 'string' ? field : undefined;
}

/**
 * The issue with the `input` the service's 422 items carry: the value at its `loc` in the body, or, for a field
 * that is missing, the object it is missing from (as the service's framework reports it).
 */
export function withInput(i: ValidationIssue, body: unknown): ValidationIssue {
  if (i.input !== undefined) return i;
  if (i.loc[0] !== 'body') return { ...i, input: null };
  let at: unknown = body;
  for (const step of i.loc.slice(1)) {
    const next = typeof at === 'object' && at !== null ? (at as Record<string | number, unknown>)[step] : undefined;
    if (next === undefined) break;
    at = next;
  }
  return { ...i, input: at === undefined ? null : at };
}
