import { describe, expect, it } from 'vitest';
import type { LanguageChoice } from '../../../shared/i18n/locales';
import { MainLanguage } from './mainLanguage';

/** A Settings choice the test changes, and the system's languages. */
function source(system: readonly string[]) {
  let choice: LanguageChoice | undefined;
  const listeners = new Set<() => void>();
  return {
    choice: () => choice,
    onChoice: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    systemLocales: () => system,
    choose(next: LanguageChoice) {
      choice = next;
      for (const l of listeners) l();
    },
  };
}

describe('the language main speaks', () => {
  it('is the system’s until Settings choose one, and follows each choice without a restart', async () => {
    const settings = source(['de-CH', 'en']);
    const language = await MainLanguage.open(settings);
    expect(language.locale).toBe('de');
    expect(language.text.t('menu.edit')).toBe('Bearbeiten');
    const heard = new Promise<string>((resolve) => language.subscribe((text) => resolve(text.t('menu.edit'))));
    settings.choose('ja');
    expect(await heard).toBe('編集');
    expect(language.locale).toBe('ja');
  });

  it('speaks English on a system whose languages it does not have', async () => {
    const language = await MainLanguage.open(source(['nl-NL']));
    expect(language.text.t('menu.edit')).toBe('Edit');
  });
});
