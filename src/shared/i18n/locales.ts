/** The languages Gen Studio speaks, English first (the source every other catalog is checked against). */
export const LOCALES = ['en', 'zh-CN', 'ja', 'ko', 'de', 'fr', 'es', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The pseudo-locale: English with accented letters, 40% longer and bracketed, made from the English catalog when
 * chosen (never stored). Tests choose it to find words that bypass the catalogs; Settings offers it only in
 * development builds.
 */
export const PSEUDO_LOCALE = 'en-XA';
export type AppLocale = Locale | typeof PSEUDO_LOCALE;

/** What Settings can hold: the system's language, or one of them always. */
export const LANGUAGE_CHOICES = ['system', ...LOCALES, PSEUDO_LOCALE] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

/** Each language named in itself, as a language menu shows them (never translated). */
export const LOCALE_NAMES: Readonly<Record<AppLocale, string>> = {
  en: 'English',
  'zh-CN': '简体中文',
  ja: '日本語',
  ko: '한국어',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  [PSEUDO_LOCALE]: 'Pseudo (en-XA)',
};

/** Chinese written in traditional characters is not Simplified Chinese: those readers get English rather than a script they may not read comfortably. */
const TRADITIONAL = /^zh-(hant|tw|hk|mo)\b/i;

/**
 * The first of the system's languages (most preferred first) that Gen Studio speaks: by language and, for Chinese,
 * by script; a region Gen Studio has no catalog for falls to the language's one (pt-PT and pt to pt-BR, de-AT to de).
 * English when none match.
 */
export function matchLocale(requested: readonly string[]): Locale {
  for (const raw of requested) {
    const tag = raw.replace(/_/g, '-').trim();
    if (!tag) continue;
    const language = tag.split('-')[0]!.toLowerCase();
    if (language === 'zh') {
      if (TRADITIONAL.test(tag)) continue;
      return 'zh-CN';
    }
    const found = LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === language);
    if (found) return found;
  }
  return 'en';
}

/** The locale a choice means on a system whose languages are `system`. */
export function resolveLocale(choice: LanguageChoice | undefined, system: readonly string[]): AppLocale {
  return !choice || choice === 'system' ? matchLocale(system) : choice;
}
