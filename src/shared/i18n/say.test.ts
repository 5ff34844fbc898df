import { describe, expect, it } from 'vitest';
import { loadMessages } from './catalog';
import { english, say, told } from './say';
import { createText, ENGLISH_TEXT } from './text';
import { words, WordsSchema, type Words } from './words';

const german = createText('de', await loadMessages('de'));

describe('main’s words as message ids with values', () => {
  const refused = words('main.keyTest.rejected');
  const balance = words('main.keyTest.acceptedBalance', { credits: 1250 });

  it('are said in the language on screen, with its numbers and plurals', () => {
    expect(say(ENGLISH_TEXT, balance, 'fallback')).toBe('The service accepted the key. Balance: 1,250 credits.');
    expect(say(german, balance, 'fallback')).toBe('Der Dienst hat den Schlüssel angenommen. Guthaben: 1.250 Credits.');
    expect(say(german, refused, english(refused))).toMatch(/^Der Dienst hat diesen Schlüssel nicht angenommen/);
  });

  it('say words given as a value in the same language', () => {
    const nested = words('main.keyTest.noAnswer', { why: words('main.balance.noConnection') });
    expect(say(german, nested, '')).toBe('Der Dienst hat nicht geantwortet (Keine Verbindung für diesen Schlüssel.). Prüfe die Adresse und deine Verbindung.');
  });

  it('show the English stored beside them when there are none (a record from before ids)', () => {
    expect(say(german, undefined, 'The service refused the request.')).toBe('The service refused the request.');
    expect(say(german, null, null)).toBeNull();
  });

  it('show the stored text when they name an id this catalog does not have (written by another version)', () => {
    const unknown = WordsSchema.parse({ id: 'main.fromTheFuture', values: { n: 1 } });
    expect(say(german, unknown, 'Written by a newer version.')).toBe('Written by a newer version.');
    const inner = WordsSchema.parse({ id: 'main.keyTest.noAnswer', values: { why: { id: 'main.gone' } } });
    expect(say(german, inner, 'stored')).toBe('stored');
  });

  it('cross IPC and storage as plain data, and told() keeps their English beside them', () => {
    const sent: Words = JSON.parse(JSON.stringify(told(balance).words));
    expect(WordsSchema.parse(sent)).toEqual(balance);
    expect(told(balance).message).toBe('The service accepted the key. Balance: 1,250 credits.');
    expect(WordsSchema.safeParse({ id: 7 }).success).toBe(false);
    expect(WordsSchema.safeParse({ id: 'main.keyTest.answered', values: { status: [422] } }).success).toBe(false);
  });
});
