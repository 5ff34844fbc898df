import { describe, expect, it } from 'vitest';
import { matchLocale, resolveLocale } from './locales';

describe('the system language, matched to the eight', () => {
  it('takes a region it has no catalog for as the language, and the first language it speaks', () => {
    expect(matchLocale(['de-AT'])).toBe('de');
    expect(matchLocale(['pt-PT'])).toBe('pt-BR');
    expect(matchLocale(['pt'])).toBe('pt-BR');
    expect(matchLocale(['ja_JP'])).toBe('ja');
    expect(matchLocale(['ko-KR'])).toBe('ko');
    expect(matchLocale(['fr-CA', 'en-US'])).toBe('fr');
    expect(matchLocale(['nl-NL', 'es-MX'])).toBe('es');
  });

  it('reads Chinese by script: Simplified to zh-CN, Traditional to the next language or English', () => {
    expect(matchLocale(['zh'])).toBe('zh-CN');
    expect(matchLocale(['zh-Hans-SG'])).toBe('zh-CN');
    expect(matchLocale(['zh-SG'])).toBe('zh-CN');
    expect(matchLocale(['zh-TW', 'ja'])).toBe('ja');
    expect(matchLocale(['zh-Hant'])).toBe('en');
  });

  it('falls back to English', () => {
    expect(matchLocale([])).toBe('en');
    expect(matchLocale(['nl', 'sv'])).toBe('en');
    expect(matchLocale([''])).toBe('en');
  });

  it('follows a Settings choice over the system, and the system for “system” or none', () => {
    expect(resolveLocale('ja', ['de'])).toBe('ja');
    expect(resolveLocale('system', ['de'])).toBe('de');
    expect(resolveLocale(undefined, ['ko'])).toBe('ko');
    expect(resolveLocale('en-XA', ['de'])).toBe('en-XA');
  });
});
