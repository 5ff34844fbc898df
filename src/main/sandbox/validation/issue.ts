import type { JsonValue } from '../../../shared/catalog/field';

export type Loc = readonly (string | number)[];

/**
 * One item of the service's 422 `detail`, as pydantic writes it: every item carries the `input` it is about
 * (field notes), and `ctx` where its error type has one.
 */
export interface ServiceIssue {
  readonly loc: Loc;
  readonly msg: string;
  readonly type: string;
  readonly input: unknown;
  readonly ctx?: Readonly<Record<string, JsonValue>>;
}

export const serviceIssue = (loc: Loc, type: string, msg: string, input: unknown, ctx?: Record<string, JsonValue>): ServiceIssue =>
  ctx ? { loc, msg, type, input, ctx } : { loc, msg, type, input };

/** A value as a validator leaves it, or the one issue it raised. */
export type Checked = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issue: ServiceIssue };

export const pass = (value: unknown): Checked => ({ ok: true, value });

export const fail = (loc: Loc, type: string, msg: string, input: unknown, ctx?: Record<string, JsonValue>): Checked => ({
  ok: false,
  issue: serviceIssue(loc, type, msg, input, ctx),
});
