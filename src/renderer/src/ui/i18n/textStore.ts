import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { create } from 'zustand';
import { ENGLISH, loadMessages, type Messages } from '../../../../shared/i18n/catalog';
import { resolveLocale, type AppLocale, type LanguageChoice } from '../../../../shared/i18n/locales';
import { textFrom, withFallback, type AppText } from '../../../../shared/i18n/text';

interface TextState {
  /** the language on screen */
  readonly locale: AppLocale;
  /** react-intl's object, for its components and the provider */
  readonly intl: IntlShape;
  /** the app's words and formats in that language */
  readonly text: AppText;
  /** Shows the choice's language: its catalog is loaded first (each language is its own chunk), then swapped in at once. */
  choose(choice: LanguageChoice | undefined, system?: readonly string[]): Promise<void>;
}

const cache = createIntlCache();

function build(locale: AppLocale, messages: Messages): { locale: AppLocale; intl: IntlShape; text: AppText } {
  const intl = createIntl({ locale, defaultLocale: 'en', messages: withFallback(messages) }, cache);
  return { locale, intl, text: textFrom(intl, locale) };
}

/** The browser's languages, most preferred first (in Electron these follow the system's, as app.getLocale does). */
const systemLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages.length ? navigator.languages : [navigator.language]);

/** `<html lang>` names the language on screen, for screen readers, hyphenation and the CJK fonts' choice of glyphs. */
function markDocument(locale: AppLocale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * The language on screen: English at once (it is in the start bundle), the Settings choice or the system's
 * language as soon as its catalog has loaded. A later choice wins over one still loading.
 */
export const useTextStore = create<TextState>((set) => {
  let latest = 0;
  return {
    ...build('en', ENGLISH),
    choose: async (choice, system = systemLanguages()) => {
      const ticket = ++latest;
      const locale = resolveLocale(choice, system);
      const messages = await loadMessages(locale);
      if (ticket !== latest) return;
      set(build(locale, messages));
      markDocument(locale);
    },
  };
});

/** The words and formats of the language on screen; re-renders when it changes. */
export const useText = (): AppText => useTextStore((s) => s.text);


/** The same, outside React (actions, stores): the language on screen now. */
export const currentText = (): AppText => useTextStore.getState().text;
