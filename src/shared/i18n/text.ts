import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { ENGLISH, type MessageId, type Messages } from './catalog';
import type { AppLocale } from './locales';

/** The values a message's placeholders take. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

/** What both FormatJS front ends give (react-intl's IntlShape in the renderer, @formatjs/intl's in main). */
type IntlLike = Pick<IntlShape, 'locale' | 'formatMessage' | 'formatNumber' | 'formatDate' | 'formatTime'>;

/**
 * The words and number formats of one language: messages by id, and numbers, credits, dates, times, durations and
 * file sizes through `Intl` in that language. The one place the app turns a value into text for the artist.
 */
export interface AppText {
  readonly locale: AppLocale;
  t(id: MessageId, values?: MessageValues): string;
  /** thousands grouped, at most two decimals: "2.5", "10,000" (10.000 in German) */
  number(n: number): string;
  /** "2.5 credits" */
  credits(n: number): string;
  /** "28 Nov 2026" */
  date(at: number): string;
  /** "28 Nov", under a chart's bars */
  dayMonth(at: number): string;
  /** "28 Nov 2026, 14:32" */
  dateTime(at: number): string;
  /** "14:32" */
  time(at: number): string;
  /** "45 s", "2 min 05 s" */
  duration(seconds: number): string;
  /** "256 MB", "1.5 GB": 1024-based, as the service's limits are */
  fileSize(bytes: number): string;
  /** For sorting names as this language does. */
  compare(a: string, b: string): number;
  /** Items joined as this language joins them: "a, b and c" (`and`), "a, b or c" (`or`), "a, b, c" (`unit`). */
  list(items: readonly string[], join: ListJoin): string;
  /**
   * The same for items that are not plain text (a line with its own markup): the items' indexes in the order this
   * language puts them, with the text it puts between them. `listParts(3, 'and')` is `[0, ', ', 1, ', and ', 2]`.
   */
  listParts(count: number, join: ListJoin): readonly (number | string)[];
  /** Whole sentences one after another, as this language writes them: a space between, none in Chinese or Japanese. */
  sentences(items: readonly string[]): string;
}

/** How a list's items are joined; see `AppText.list`. */
export type ListJoin = 'and' | 'or' | 'unit';

const LIST_TYPES = { and: 'conjunction', or: 'disjunction', unit: 'unit' } as const;

const listFormat = (locale: AppLocale, join: ListJoin) => new Intl.ListFormat(locale, { type: LIST_TYPES[join], style: join === 'unit' ? 'short' : 'long' });

/** Languages whose sentences follow one another with no space (each ends in its own full-width stop). */
const UNSPACED: ReadonlySet<AppLocale> = new Set(['zh-CN', 'ja']);

const UNITS = [
  ['byte', 1],
  ['kilobyte', 1024],
  ['megabyte', 1024 ** 2],
  ['gigabyte', 1024 ** 3],
] as const;

/** An AppText over a FormatJS intl object; the catalogs it formats from are the intl's. */
export function textFrom(intl: IntlLike, locale: AppLocale): AppText {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const t = (id: MessageId, values?: MessageValues): string => intl.formatMessage({ id }, values);
  const number = (n: number): string => intl.formatNumber(Math.round(n * 100) / 100, { maximumFractionDigits: 2 });
  return {
    locale,
    t,
    number,
    credits: (n) => t('format.credits', { count: Math.round(n * 100) / 100 }),
    date: (at) => intl.formatDate(at, { dateStyle: 'medium' }),
    dayMonth: (at) => intl.formatDate(at, { day: 'numeric', month: 'short' }),
    dateTime: (at) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' }),
    time: (at) => intl.formatTime(at, { hour: '2-digit', minute: '2-digit' }),
    duration: (seconds) => {
      const s = Math.max(0, Math.round(seconds));
      return s < 60 ? t('format.seconds', { seconds: s }) : t('format.minutesSeconds', { minutes: Math.floor(s / 60), seconds: String(s % 60).padStart(2, '0') });
    },
    fileSize: (bytes) => {
      const [unit, size] = [...UNITS].reverse().find(([, size]) => bytes >= size) ?? UNITS[0];
      return intl.formatNumber(bytes / size, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: unit === 'byte' ? 0 : 1 });
    },
    compare: (a, b) => collator.compare(a, b),
    sentences: (items) => items.filter((s) => s !== '').join(UNSPACED.has(locale) ? '' : ' '),
    list: (items, join) => listFormat(locale, join).format(items),
    listParts: (count, join) => {
      let item = 0;
      return listFormat(locale, join)
        .formatToParts(Array.from({ length: count }, (_, n) => String(n)))
        .map((part) => (part.type === 'element' ? item++ : part.value));
    },
  };
}

const cache = createIntlCache();

/**
 * A language's catalog over English: a message a catalog lacks (the checks forbid it, but a catalog written by
 * a newer version may still) shows in English rather than as its id.
 */
export const withFallback = (messages: Messages): Messages => ({ ...ENGLISH, ...messages });

/** An AppText for main and tests (@formatjs/intl; the renderer builds its own over react-intl). */
export function createText(locale: AppLocale, messages: Messages): AppText {
  return textFrom(createIntl({ locale, defaultLocale: 'en', messages: withFallback(messages) }, cache), locale);
}

/** English, ready at once: the default before a language is chosen, and the words of tests. */
export const ENGLISH_TEXT: AppText = createText('en', ENGLISH);
