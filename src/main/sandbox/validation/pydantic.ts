import { fail, pass, type Checked, type Loc } from './issue';

/*
 * The scalar validators of pydantic-core in its lax mode, as FastAPI runs them on a decoded JSON body (field
 * notes: the service validates with FastAPI's defaults). Each follows pydantic-core's own code path: the text
 * forms it reads, the order it checks constraints in, and its error types, messages and ctx word for word.
 */

/** pydantic pluralises a count's noun in its messages: `1 character`, `2083 characters`. */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Python's `repr` of the accepted values, joined as pydantic-core's `expected` is: `'a', 'b' or 'c'`. */
function expectedRepr(values: readonly string[]): string {
  const reprs = values.map((v) => `'${v}'`);
  return reprs.length < 2 ? (reprs[0] ?? '') : `${reprs.slice(0, -1).join(', ')} or ${reprs.at(-1)}`;
}

/**
 * pydantic-core's `clean_int_str`: trimmed, one leading sign, underscores only between digits, and a fraction
 * only of zeros with at least one digit (`"28.0"` is 28; `"28."` and `".0"` are not integers).
 */
function intFromText(text: string): number | undefined {
  let s = text.trim();
  let negative = false;
  if (s.startsWith('+')) s = s.slice(1);
  else if (s.startsWith('-')) {
    s = s.slice(1);
    negative = true;
  }
  const dot = s.indexOf('.');
  if (dot >= 0 && /^0+$/.test(s.slice(dot + 1))) s = s.slice(0, dot);
  if (!/^\d+(?:_\d+)*$/.test(s)) return undefined;
  const n = Number(s.replaceAll('_', ''));
  return negative ? -n : n;
}

/** Rust's `f64::from_str`, which pydantic-core applies to the trimmed text: `inf` and `nan` included. */
const RUST_FLOAT = /^[+-]?(?:inf|infinity|nan|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)$/i;

function rustFloat(text: string): number | undefined {
  if (!RUST_FLOAT.test(text)) return undefined;
  const body = text.replace(/^[+-]/, '').toLowerCase();
  const sign = text.startsWith('-') ? -1 : 1;
  if (body === 'nan') return Number.NaN;
  if (body === 'inf' || body === 'infinity') return sign * Number.POSITIVE_INFINITY;
  return Number(text);
}

/** pydantic-core's `str_as_float`: the trimmed text, else the untrimmed text with inner underscores taken out. */
function floatFromText(text: string): number | undefined {
  const trimmed = rustFloat(text.trim());
  if (trimmed !== undefined) return trimmed;
  if (text.startsWith('_') || text.endsWith('_') || text.includes('__')) return undefined;
  return rustFloat(text.replaceAll('_', ''));
}

export function laxInt(loc: Loc, input: unknown): Checked {
  if (typeof input === 'boolean') return pass(input ? 1 : 0);
  if (typeof input === 'string') {
    const n = intFromText(input);
    return n === undefined ? fail(loc, 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer', input) : pass(n);
  }
  if (typeof input !== 'number') return fail(loc, 'int_type', 'Input should be a valid integer', input);
  if (!Number.isFinite(input)) return fail(loc, 'finite_number', 'Input should be a finite number', input);
  if (!Number.isInteger(input)) return fail(loc, 'int_from_float', 'Input should be a valid integer, got a number with a fractional part', input);
  return pass(input);
}

export function laxFloat(loc: Loc, input: unknown): Checked {
  if (typeof input === 'boolean') return pass(input ? 1 : 0);
  if (typeof input === 'number') return pass(input);
  if (typeof input === 'string') {
    const n = floatFromText(input);
    return n === undefined ? fail(loc, 'float_parsing', 'Input should be a valid number, unable to parse string as a number', input) : pass(n);
  }
  return fail(loc, 'float_type', 'Input should be a valid number', input);
}

const FALSE_WORDS = ['0', 'f', 'n', 'no', 'off', 'false'];
const TRUE_WORDS = ['1', 't', 'y', 'on', 'yes', 'true'];

/** pydantic-core's `str_as_bool`: the words in any ASCII case, untrimmed; numbers 0 and 1 only. */
export function laxBool(loc: Loc, input: unknown): Checked {
  if (typeof input === 'boolean') return pass(input);
  const word = typeof input === 'string' ? input.toLowerCase() : typeof input === 'number' ? String(input) : undefined;
  if (word === undefined) return fail(loc, 'bool_type', 'Input should be a valid boolean', input);
  if (FALSE_WORDS.includes(word)) return pass(false);
  if (TRUE_WORDS.includes(word)) return pass(true);
  return fail(loc, 'bool_parsing', 'Input should be a valid boolean, unable to interpret input', input);
}

/**
 * Bounds a number passes after its type: pydantic-core checks `multiple_of`, then `le`, then `ge`. Each bound is
 * one the value must satisfy, not one it must not break, so NaN (`"nan"`), which compares false with everything,
 * fails the first bound it meets (pydantic-core since its "don't accept NaN in float constraints" change).
 */
export function numberBounds(loc: Loc, n: number, input: unknown, c: { multipleOf?: number; le?: number; ge?: number }): Checked {
  if (c.multipleOf !== undefined && n % c.multipleOf !== 0) {
    return fail(loc, 'multiple_of', `Input should be a multiple of ${c.multipleOf}`, input, { multiple_of: c.multipleOf });
  }
  if (c.le !== undefined && !(n <= c.le)) return fail(loc, 'less_than_equal', `Input should be less than or equal to ${c.le}`, input, { le: c.le });
  if (c.ge !== undefined && !(n >= c.ge)) return fail(loc, 'greater_than_equal', `Input should be greater than or equal to ${c.ge}`, input, { ge: c.ge });
  return pass(n);
}

/** A `str` with length bounds, counted in characters (code points) as Python's `len` counts them. */
export function laxString(loc: Loc, input: unknown, c: { minLength?: number; maxLength?: number } = {}): Checked {
  if (typeof input !== 'string') return fail(loc, 'string_type', 'Input should be a valid string', input);
  const length = [...input].length;
  if (c.minLength !== undefined && length < c.minLength) {
    return fail(loc, 'string_too_short', `String should have at least ${counted(c.minLength, 'character')}`, input, { min_length: c.minLength });
  }
  if (c.maxLength !== undefined && length > c.maxLength) {
    return fail(loc, 'string_too_long', `String should have at most ${counted(c.maxLength, 'character')}`, input, { max_length: c.maxLength });
  }
  return pass(input);
}

/** A string `Enum`: its values exactly (no other case, no trimming), else `enum` with what was expected. */
export function strEnum(loc: Loc, input: unknown, values: readonly string[]): Checked {
  if (typeof input === 'string' && values.includes(input)) return pass(input);
  const expected = expectedRepr(values);
  return fail(loc, 'enum', `Input should be ${expected}`, input, { expected });
}

/** A list with item bounds, as pydantic-core's `too_short` and `too_long` say them. */
export function listBounds(loc: Loc, input: unknown, c: { minItems: number; maxItems: number }): Checked {
  if (!Array.isArray(input)) return fail(loc, 'list_type', 'Input should be a valid list', input);
  const n = input.length;
  if (n < c.minItems) {
    return fail(loc, 'too_short', `List should have at least ${counted(c.minItems, 'item')} after validation, not ${n}`, input, { field_type: 'List', min_length: c.minItems, actual_length: n });
  }
  if (n > c.maxItems) {
    return fail(loc, 'too_long', `List should have at most ${counted(c.maxItems, 'item')} after validation, not ${n}`, input, { field_type: 'List', max_length: c.maxItems, actual_length: n });
  }
  return pass(input);
}
