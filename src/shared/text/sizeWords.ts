const MB = 1024 * 1024;

/** A number in a language, with exactly `decimals` decimals, as a unit when one is given: "256,004 MB" in German. */
function fixed(n: number, decimals: number, locale: string, unit?: 'megabyte' | 'byte'): string {
  const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  const style = unit ? ({ style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short' } as const) : {};
  return new Intl.NumberFormat(locale, { ...digits, ...style }).format(n);
}

/**
 * A number just over its limit, with as many decimals (one to three) as it takes not to read as the limit:
 * "24.0" over 20, "20.04" (German "20,04") over 20.
 */
export function overLimit(n: number, limit: number, locale = 'en'): string {
  return fixed(n, [1, 2, 3].find((d) => Number(n.toFixed(d)) > limit) ?? 3, locale);
}

/**
 * A size said next to its limit, so the two never read the same when they differ: in MB, with as many decimals
 * as it takes (up to three), and in bytes when even that rounds them together (256 MB + 1 byte). The numbers
 * and units are the language's (Intl), English unless told.
 */
export function sizeAgainstLimit(bytes: number, limit: number, locale = 'en'): { size: string; limit: string } {
  const limitMb = limit / MB;
  const limitWords = fixed(limitMb, Number.isInteger(limitMb) ? 0 : 1, locale, 'megabyte');
  for (const decimals of [0, 1, 2, 3]) {
    const size = fixed(bytes / MB, decimals, locale);
    if (bytes === limit || size !== fixed(limitMb, decimals, locale)) return { size: fixed(bytes / MB, decimals, locale, 'megabyte'), limit: limitWords };
  }
  return { size: fixed(bytes, 0, locale, 'byte'), limit: `${fixed(limit, 0, locale, 'byte')} (${limitWords})` };
}
