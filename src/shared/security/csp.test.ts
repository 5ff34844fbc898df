import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, devConnectSources } from './csp';

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
    const connect = devConnectSources({ url: 'http://localhost:5199/' });
    const d = directives(contentSecurityPolicy({ dev: true, devConnect: connect }));
    expect(d.get('script-src')).toContain("'unsafe-inline'");
    expect(d.get('connect-src')).toEqual(expect.arrayContaining(['http://localhost:5199', 'ws://localhost:5199']));
    expect(contentSecurityPolicy({ devConnect: connect })).toBe(contentSecurityPolicy());
  });
  it('takes the dev server’s address from where it listens, else from its configuration', () => {
    expect(devConnectSources({ url: 'http://127.0.0.1:5180/', port: 5173 })).toEqual(['http://127.0.0.1:5180', 'ws://127.0.0.1:5180']);
    expect(devConnectSources({ port: 3000 })).toEqual(['http://localhost:3000', 'ws://localhost:3000']);
    expect(devConnectSources({ host: '0.0.0.0', port: 3000, https: true })).toEqual(['https://localhost:3000', 'wss://localhost:3000']);
    expect(devConnectSources({ host: true })).toEqual(['http://localhost:5173', 'ws://localhost:5173']);
    expect(devConnectSources({ host: 'dev.local', port: 4000, hmr: { clientPort: 4001 } })).toEqual([
      'http://dev.local:4000',
      'ws://dev.local:4000',
      'ws://dev.local:4001',
    ]);
  });
});
