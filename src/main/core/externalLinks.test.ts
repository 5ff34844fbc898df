import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from './externalLinks';

describe('isSafeExternalUrl', () => {
  it('lets plain https links to public hosts through', () => {
    expect(isSafeExternalUrl('https://docs.example.com/guide?x=1#y')).toBe(true);
  });
  it('refuses every other scheme, credentials, and local hosts', () => {
    for (const url of [
      'http://example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'gen-media://m/asset/x',
      'smb://server/share',
      'https://user:pass@example.com',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://printer.local/',
      'not a url',
    ]) {
      expect(isSafeExternalUrl(url), url).toBe(false);
    }
  });
});
