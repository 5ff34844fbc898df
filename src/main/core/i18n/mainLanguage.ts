import { loadMessages } from '../../../shared/i18n/catalog';
import { resolveLocale, type AppLocale, type LanguageChoice } from '../../../shared/i18n/locales';
import { createText, ENGLISH_TEXT, type AppText } from '../../../shared/i18n/text';

/** What the language follows: the Settings choice (and its changes) and the system's languages. */
export interface LanguageSource {
  choice(): LanguageChoice | undefined;
  onChoice(listener: () => void): () => void;
  systemLocales(): readonly string[];
}

/**
 * The language main speaks in (the app menu, notifications): the renderer's, from the same catalogs and the same
 * choice, so the menu changes with Settings without a restart. English until the first catalog has loaded.
 */
export class MainLanguage {
  private current: AppText = ENGLISH_TEXT;
  private readonly listeners = new Set<(text: AppText) => void>();
  private latest = 0;

  private constructor(private readonly source: LanguageSource) {}

  static async open(source: LanguageSource): Promise<MainLanguage> {
    const language = new MainLanguage(source);
    await language.refresh();
    source.onChoice(() => void language.refresh());
    return language;
  }

  get text(): AppText {
    return this.current;
  }

  get locale(): AppLocale {
    return this.current.locale;
  }

  /** Hears each change of language (not the first). */
  subscribe(listener: (text: AppText) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async refresh(): Promise<void> {
    const locale = resolveLocale(this.source.choice(), this.source.systemLocales());
    if (locale === this.current.locale) return;
    const ticket = ++this.latest;
    const messages = await loadMessages(locale);
    if (ticket !== this.latest) return;
    this.current = createText(locale, messages);
    for (const listener of this.listeners) listener(this.current);
  }
}
