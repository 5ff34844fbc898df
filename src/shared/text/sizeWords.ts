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

/** A size as figures, said in any language: megabytes with `decimals` decimals, or bytes (with the megabytes `about` them). */
export type SizeFigure =
  | { readonly unit: 'megabyte'; readonly value: number; readonly decimals: 0 | 1 | 2 | 3 }
  | { readonly unit: 'byte'; readonly value: number; readonly about?: SizeFigure };

/**
 * A size next to its limit, so the two never read the same when they differ: in MB, with as many decimals as it
 * takes (up to three), and in bytes when even that rounds them together (256 MB + 1 byte).
 */
export function sizeFigures(bytes: number, limit: number): { size: SizeFigure; limit: SizeFigure } {
  const limitMb = limit / MB;
  const limitFigure: SizeFigure = { unit: 'megabyte', value: limitMb, decimals: Number.isInteger(limitMb) ? 0 : 1 };
  for (const decimals of [0, 1, 2, 3] as const) {
    if (bytes === limit || fixed(bytes / MB, decimals, 'en') !== fixed(limitMb, decimals, 'en')) return { size: { unit: 'megabyte', value: bytes / MB, decimals }, limit: limitFigure };
  }
  return { size: { unit: 'byte', value: bytes }, limit: { unit: 'byte', value: limit, about: limitFigure } };
}

/** A size's figures in a language, with Intl's numbers and units ("256,004 MB" in German). */
function sayFigure(figure: SizeFigure, locale: string): string {
  if (figure.unit === 'megabyte') return fixed(figure.value, figure.decimals, locale, 'megabyte');
  const bytes = fixed(figure.value, 0, locale, 'byte');
  return figure.about ? `${bytes} (${sayFigure(figure.about, locale)})` : bytes;
}

/** `sizeFigures` said in a language, English unless told. */
export function sizeAgainstLimit(bytes: number, limit: number, locale = 'en'): { size: string; limit: string } {
  const figures = sizeFigures(bytes, limit);
  return { size: sayFigure(figures.size, locale), limit: sayFigure(figures.limit, locale) };
}
