import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ENGLISH, loadMessages, type Messages } from './catalog';
import { LOCALES, PSEUDO_LOCALE, type Locale } from './locales';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from './pseudo';

const catalogs: ReadonlyArray<[Locale, Messages]> = await Promise.all(LOCALES.map(async (l) => [l, await loadMessages(l)] as [Locale, Messages]));
const ids = Object.keys(ENGLISH);

/** What a message's shape must keep in every language: each placeholder with its kind, each select's branches, each plural's place. */
function shape(elements: MessageFormatElement[], out: Set<string> = new Set()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) out.add(`${TYPE[el.type]} ${el.value}`);
    if (el.type === TYPE.select) out.add(`select ${el.value}: ${Object.keys(el.options).sort().join(' ')}`);
    if (el.type === TYPE.plural) out.add(`plural ${el.value}`);
    if (el.type === TYPE.tag) {
      out.add(`tag ${el.value}`);
      shape(el.children, out);
    }
    if (el.type === TYPE.select || el.type === TYPE.plural) for (const o of Object.values(el.options)) shape(o.value, out);
  }
  return out;
}

/** Every plural's branches, by its placeholder. */
function plurals(elements: MessageFormatElement[], out: Array<{ name: string; keys: string[] }> = []): Array<{ name: string; keys: string[] }> {
  for (const el of elements) {
    if (el.type === TYPE.plural) out.push({ name: el.value, keys: Object.keys(el.options) });
    if (el.type === TYPE.select || el.type === TYPE.plural) for (const o of Object.values(el.options)) plurals(o.value, out);
    if (el.type === TYPE.tag) plurals(el.children, out);
  }
  return out;
}

/** The app's source files: where message ids are used. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the message catalogs', () => {
  it('every language has every message of English, and no other', () => {
    for (const [locale, messages] of catalogs) expect({ locale, missing: ids.filter((id) => !(id in messages)), extra: Object.keys(messages).filter((id) => !(id in ENGLISH)) }).toEqual({ locale, missing: [], extra: [] });
  });

  it('every message id lives in one area file of its language, and each language has the areas of English', () => {
    const dir = join(import.meta.dirname, 'messages');
    const areas = (locale: string) => readdirSync(join(dir, locale)).filter((f) => f.endsWith('.json')).sort();
    for (const locale of LOCALES) {
      expect(areas(locale), locale).toEqual(areas('en'));
      const seen = new Map<string, string>();
      for (const area of areas(locale)) {
        for (const id of Object.keys(JSON.parse(readFileSync(join(dir, locale, area), 'utf8')) as object)) {
          expect(seen.get(id), `${locale} ${id} is in ${area} and in ${seen.get(id) ?? ''}`).toBeUndefined();
          seen.set(id, area);
        }
      }
    }
  });

  it('every message parses as ICU MessageFormat and is not empty', () => {
    for (const [locale, messages] of catalogs) {
      for (const [id, message] of Object.entries(messages)) {
        expect(() => parse(message), `${locale} ${id}`).not.toThrow();
        expect(message.trim(), `${locale} ${id}`).not.toBe('');
      }
    }
  });

  it('every language keeps the placeholders and choices of English, and the plural forms its own grammar has', () => {
    for (const [locale, messages] of catalogs) {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
      for (const id of ids) {
        const source = parse(ENGLISH[id as keyof Messages]);
        const translated = parse(messages[id as keyof Messages]);
        expect([...shape(translated)].sort(), `${locale} ${id}`).toEqual([...shape(source)].sort());
        for (const p of plurals(translated)) {
          const forms = p.keys.filter((k) => !k.startsWith('='));
          expect(forms.sort(), `${locale} ${id}: the plural forms of ${p.name}`).toEqual([...categories].sort());
        }
      }
    }
  });

  it('every message is used somewhere in the app', () => {
    const root = join(import.meta.dirname, '../..');
    const text = sources(root).map((f) => readFileSync(f, 'utf8')).join('\n');
    const unused = ids.filter((id) => !text.includes(`'${id}'`) && !text.includes(`"${id}"`));
    expect(unused).toEqual([]);
  });

  it('the pseudo-locale brackets every message, keeps its placeholders, and is about 40% longer', async () => {
    const pseudo = await loadMessages(PSEUDO_LOCALE);
    for (const id of ids) {
      const message = pseudo[id as keyof Messages];
      expect(message.startsWith(PSEUDO_OPEN) && message.endsWith(PSEUDO_CLOSE), id).toBe(true);
      expect([...shape(parse(message))].sort(), id).toEqual([...shape(parse(ENGLISH[id as keyof Messages]))].sort());
    }
    const letters = (s: string) => s.replace(/[\s{}#]/g, '').length;
    const ratio = ids.reduce((a, id) => a + letters(pseudo[id as keyof Messages]), 0) / ids.reduce((a, id) => a + letters(ENGLISH[id as keyof Messages]), 0);
    expect(ratio).toBeGreaterThan(1.35);
  });
});
