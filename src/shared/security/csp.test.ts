import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp';

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k!, v]));

describe('the Content-Security-Policy', () => {
  it('loads code only from the app and reaches no network', () => {
    const d = directives(contentSecurityPolicy());
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('frame-src')).toEqual(["'none'"]);
    for (const sources of d.values()) {
      expect(sources.some((s) => /^https?:/.test(s) || s === '*' || s === "'unsafe-eval'" || s === "'unsafe-inline'")).toBe(false);
    }
  });
  it('relaxes only what hot reload needs, only in dev', () => {
    const d = directives(contentSecurityPolicy({ dev: true, devServerOrigin: 'http://localhost:5173' }));
    expect(d.get('script-src')).toContain("'unsafe-inline'");
    expect(d.get('connect-src')).toContain('ws://localhost:5173');
  });
});
