import type { FieldSpec } from '../catalog/field';
import { issue, type ValidationIssue } from './issue';

type Loc = readonly (string | number)[];

export type LaxResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issue: ValidationIssue };

const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);
/**
 * pydantic-core reads `"28"`, `" 28 "`, `"28.0"` (a fraction of zeros, at least one) and `"2_8"` (underscores
 * between digits) as the integer 28; `"28."` is not an integer to it.
 */
const INTEGER_TEXT = /^[+-]?\d+(?:_\d+)*(?:\.0+)?$/;
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

const ok = (value: unknown): LaxResult => ({ ok: true, value });
const refuse = (loc: Loc, type: string, msg: string): LaxResult => ({ ok: false, issue: issue(loc, type, msg) });

/**
 * A value as the service's framework reads it in its default (lax) mode, before any range is checked (field
 * notes): a number may come as a numeric string (`"1024"`), a boolean as `"true"`, `"yes"`, `1` or `0`. Only
 * scalar fields convert; strings, enums and media take their values as they are.
 */
export function laxValue(loc: Loc, value: unknown, f: FieldSpec): LaxResult {
  switch (f.type) {
    case 'integer':
      if (typeof value === 'boolean') return ok(value ? 1 : 0);
      if (typeof value === 'string') {
        const text = value.trim();
        return INTEGER_TEXT.test(text) ? ok(Number.parseInt(text.replaceAll('_', ''), 10)) : refuse(loc, 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
      }
      if (typeof value !== 'number' || !Number.isFinite(value)) return refuse(loc, 'int_type', 'Input should be a valid integer');
      if (!Number.isInteger(value)) return refuse(loc, 'int_from_float', 'Input should be a valid integer, got a number with a fractional part');
      return ok(value);
    case 'number':
      if (typeof value === 'boolean') return ok(value ? 1 : 0);
      if (typeof value === 'string') {
        const text = value.trim();
        return NUMBER_TEXT.test(text) ? ok(Number(text)) : refuse(loc, 'float_parsing', 'Input should be a valid number, unable to parse string as a number');
      }
      return typeof value === 'number' && Number.isFinite(value) ? ok(value) : refuse(loc, 'float_type', 'Input should be a valid number');
    case 'boolean':
      if (typeof value === 'boolean') return ok(value);
      if (value === 0 || value === 1) return ok(value === 1);
      if (typeof value === 'string') {
        // Not trimmed: pydantic-core refuses `" yes "`.
        const word = value.toLowerCase();
        if (TRUE_WORDS.has(word)) return ok(true);
        if (FALSE_WORDS.has(word)) return ok(false);
      }
      return typeof value === 'number' || typeof value === 'string'
        ? refuse(loc, 'bool_parsing', 'Input should be a valid boolean, unable to interpret input')
        : refuse(loc, 'bool_type', 'Input should be a valid boolean');
    default:
      return ok(value);
  }
}
