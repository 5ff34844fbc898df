import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!]),
);
/** Marks no English word carries: the walk tells a catalog's text from a stray word by them. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
export const PSEUDO_LETTERS = new Set(Object.values(ACCENTED));
const VOWELS = /[aeiouAEIOU]/;

/** A literal made longer by about 40%, as German or French often are: each vowel twice, then padding. */
function stretch(text: string): string {
  let out = '';
  for (const c of text) out += VOWELS.test(c) ? `${ACCENTED[c]}${ACCENTED[c]}` : (ACCENTED[c] ?? c);
  const letters = text.replace(/\s/g, '').length;
  const missing = Math.ceil(letters * 1.4) - out.replace(/\s/g, '').length;
  return missing > 0 ? out + '·'.repeat(missing) : out;
}

function walk(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: stretch(el.value) };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: walk(o.value) }]));
      return { ...el, options };
    }
    if (el.type === TYPE.tag) return { ...el, children: walk(el.children) };
    return el;
  });
}

/** One message in the pseudo-locale: its words accented and stretched, its placeholders and branches untouched. */
export function pseudoMessage(message: string): string {
  return `${PSEUDO_OPEN}${printAST(walk(parse(message)))}${PSEUDO_CLOSE}`;
}

/** A whole catalog in the pseudo-locale. */
export function pseudoLocalize<K extends string>(messages: Readonly<Record<K, string>>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(messages).map(([id, m]) => [id, pseudoMessage(m)])) as Record<K, string>;
}
