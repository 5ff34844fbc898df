import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from './externalLinks';

describe('isSafeExternalUrl', () => {
  it('lets plain https links to public hosts through', () => {
    expect(isSafeExternalUrl('https://docs.example.com/guide?x=1#y')).toBe(true);
    expect(isSafeExternalUrl('https://github.com/x/y')).toBe(true);
    expect(isSafeExternalUrl('https://docs.service.co.uk/')).toBe(true);
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
      // A trailing dot makes the name absolute: the same hosts, spelled so a suffix check misses them.
      'https://localhost./',
      'https://printer.local./',
      'https://example.com./',
      'https://app.localhost./x',
      'https://nas.internal/',
      'https://intranet/',
      'https://0x7f000001/',
      'https://2130706433/',
      'not a url',
    ]) {
      expect(isSafeExternalUrl(url), url).toBe(false);
    }
  });
});
