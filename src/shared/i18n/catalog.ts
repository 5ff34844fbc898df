// The attribute is what Node asks of a JSON module (the Chromium runner's core and the e2e harness run the source).
import english from './messages/en.json' with { type: 'json' };
import { PSEUDO_LOCALE, type AppLocale } from './locales';

/** Every message id, from the English catalog (the source): a misspelt or missing id is a type error. */
export type MessageId = keyof typeof english;
export type Messages = Readonly<Record<MessageId, string>>;

/** The English catalog, always in the start bundle: the source, the fallback, and the first screen's words. */
export const ENGLISH: Messages = english;

/**
 * A language's catalog. Each is its own chunk, loaded only when chosen, so the start bundle carries English alone;
 * the pseudo-locale is made from English here (with the message parser, also loaded only then).
 */
export async function loadMessages(locale: AppLocale): Promise<Messages> {
  switch (locale) {
    case 'en':
      return ENGLISH;
    case 'zh-CN':
      return (await import('./messages/zh-CN.json', { with: { type: 'json' } })).default;
    case 'ja':
      return (await import('./messages/ja.json', { with: { type: 'json' } })).default;
    case 'ko':
      return (await import('./messages/ko.json', { with: { type: 'json' } })).default;
    case 'de':
      return (await import('./messages/de.json', { with: { type: 'json' } })).default;
    case 'fr':
      return (await import('./messages/fr.json', { with: { type: 'json' } })).default;
    case 'es':
      return (await import('./messages/es.json', { with: { type: 'json' } })).default;
    case 'pt-BR':
      return (await import('./messages/pt-BR.json', { with: { type: 'json' } })).default;
    case PSEUDO_LOCALE:
      return (await import('./pseudo')).pseudoLocalize(ENGLISH);
  }
}
