import { describe, expect, it } from 'vitest';
import { loadMessages } from './catalog';
import { createText, ENGLISH_TEXT } from './text';

const german = createText('de', await loadMessages('de'));
const japanese = createText('ja', await loadMessages('ja'));
const french = createText('fr', await loadMessages('fr'));
const at = Date.UTC(2026, 10, 28, 14, 32);
/** Intl puts no-break spaces between a number and its unit; the words are what these compare. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers, credits, durations and sizes in the artist’s language', () => {
  it('groups and rounds numbers as each language writes them', () => {
    expect(ENGLISH_TEXT.number(10_000.456)).toBe('10,000.46');
    expect(german.number(10_000.456)).toBe('10.000,46');
    expect(french.number(2.5)).toBe('2,5');
  });

  it('says credits with each language’s plural', () => {
    expect(ENGLISH_TEXT.credits(1)).toBe('1 credit');
    expect(ENGLISH_TEXT.credits(2.5)).toBe('2.5 credits');
    expect(german.credits(1)).toBe('1 Credit');
    expect(german.credits(1250)).toBe('1.250 Credits');
    expect(japanese.credits(3)).toBe('3 クレジット');
    expect(plain(french.credits(1_000_000))).toBe('1 000 000 de crédits');
  });

  it('says a duration in seconds, then minutes and seconds', () => {
    expect(ENGLISH_TEXT.duration(45)).toBe('45 s');
    expect(ENGLISH_TEXT.duration(125)).toBe('2 min 05 s');
    expect(japanese.duration(125)).toBe('2 分 05 秒');
  });

  it('says file sizes in 1024-based units', () => {
    expect(ENGLISH_TEXT.fileSize(256 * 1024 * 1024)).toBe('256 MB');
    expect(plain(german.fileSize(1.5 * 1024 ** 3))).toBe('1,5 GB');
    expect(ENGLISH_TEXT.fileSize(12)).toBe('12 bytes');
  });

  it('writes dates and times in each language’s order', () => {
    expect(ENGLISH_TEXT.date(at)).toMatch(/Nov 28, 2026|28 Nov 2026/);
    expect(japanese.date(at)).toBe('2026/11/28');
    expect(german.date(at)).toBe('28.11.2026');
  });

  it('sorts names as the language does', () => {
    expect(['zebra', 'Äpfel', 'Birne', 'item 10', 'item 9'].sort(german.compare)).toEqual(['Äpfel', 'Birne', 'item 9', 'item 10', 'zebra']);
  });
});

describe('lists in the artist’s language', () => {
  it('joins items as each language joins them, with "and", "or" or neither', () => {
    expect(ENGLISH_TEXT.list(['jpeg', 'png', 'webp'], 'or')).toBe('jpeg, png, or webp');
    expect(german.list(['jpeg', 'png', 'webp'], 'or')).toBe('jpeg, png oder webp');
    expect(german.list(['a', 'b', 'c'], 'and')).toBe('a, b und c');
    expect(japanese.list(['幅が大きすぎます', '高さが小さすぎます'], 'unit')).toBe('幅が大きすぎます 高さが小さすぎます');
    expect(ENGLISH_TEXT.list(['width is too big', 'height is too small'], 'unit')).toBe('width is too big, height is too small');
  });

  it('gives the order and the words between for items with their own markup', () => {
    expect(ENGLISH_TEXT.listParts(3, 'and')).toEqual([0, ', ', 1, ', and ', 2]);
    expect(german.listParts(2, 'or')).toEqual([0, ' oder ', 1]);
    expect(japanese.listParts(1, 'unit')).toEqual([0]);
    expect(ENGLISH_TEXT.listParts(0, 'unit')).toEqual([]);
  });
});

describe('sentences one after another', () => {
  it('have a space between them in English and German, none in Japanese, and an empty one is left out', () => {
    expect(ENGLISH_TEXT.sentences(['The clip is too long.', '', 'Nothing was sent.'])).toBe('The clip is too long. Nothing was sent.');
    expect(german.sentences(['Der Clip ist zu lang.', 'Es wurde nichts gesendet.'])).toBe('Der Clip ist zu lang. Es wurde nichts gesendet.');
    expect(japanese.sentences(['クリップが長すぎます。', '何も送信していません。'])).toBe('クリップが長すぎます。何も送信していません。');
  });
});
