import { describe, expect, it } from 'vitest';
import { displayName } from './displayName';

describe('displayName', () => {
  it('takes out direction overrides, newlines and NUL, and keeps the visible name', () => {
    expect(displayName('photo\u202Egpj.exe')).toBe('photo gpj.exe');
    expect(displayName('two\nlines\r\nand\ttabs')).toBe('two lines and tabs');
    expect(displayName('nul\u0000byte')).toBe('nul byte');
    expect(displayName('\u2066isolated\u2069 name\u200F')).toBe('isolated name');
    expect(displayName('Café 東京 🎨')).toBe('Café 東京 🎨');
  });
});
