import english from './messages/en/index';
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
      return (await import('./messages/zh-CN/index')).default;
    case 'ja':
      return (await import('./messages/ja/index')).default;
    case 'ko':
      return (await import('./messages/ko/index')).default;
    case 'de':
      return (await import('./messages/de/index')).default;
    case 'fr':
      return (await import('./messages/fr/index')).default;
    case 'es':
      return (await import('./messages/es/index')).default;
    case 'pt-BR':
      return (await import('./messages/pt-BR/index')).default;
    case PSEUDO_LOCALE:
      return (await import('./pseudo')).pseudoLocalize(ENGLISH);
  }
}
