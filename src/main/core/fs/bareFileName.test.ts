import { describe, expect, it } from 'vitest';
import { isBareFileName } from './bareFileName';

describe('isBareFileName', () => {
  it('accepts the names the app gives files', () => {
    expect(isBareFileName('2026-01-14_gen-dev_11111111.jpg')).toBe(true);
    expect(isBareFileName('photo (4 MP).png')).toBe(true);
  });

  it('refuses anything that is a path, hidden, or not a name on every platform', () => {
    for (const name of ['/etc/passwd', '../x.png', 'a/b.png', 'a\\b.png', 'C:x.png', 'x.png:stream', '.', '..', '.thumbs', '', 'a\u0000b', 'x'.repeat(256)]) {
      expect(isBareFileName(name), JSON.stringify(name)).toBe(false);
    }
  });
});
