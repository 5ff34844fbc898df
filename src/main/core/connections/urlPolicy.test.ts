import { describe, expect, it } from 'vitest';
import { checkBaseUrl, isLoopbackHost, isSecurePollingAddress, mayReceiveKey } from './urlPolicy';

describe('connection addresses', () => {
  it('accept https anywhere and http only on this computer', () => {
    expect(checkBaseUrl('https://api.example.com/')).toEqual({ ok: true, url: 'https://api.example.com' });
    expect(checkBaseUrl('https://api.example.com/proxy/')).toEqual({ ok: true, url: 'https://api.example.com/proxy' });
    expect(checkBaseUrl('http://127.0.0.1:8080')).toEqual({ ok: true, url: 'http://127.0.0.1:8080' });
    expect(checkBaseUrl('http://localhost:3000')).toMatchObject({ ok: true });
    expect(checkBaseUrl('http://[::1]:3000')).toMatchObject({ ok: true });
    expect(checkBaseUrl('http://api.example.com')).toMatchObject({ ok: false, message: expect.stringMatching(/https/) });
    expect(checkBaseUrl('http://192.168.1.10')).toMatchObject({ ok: false });
    expect(checkBaseUrl('ftp://api.example.com')).toMatchObject({ ok: false });
    expect(checkBaseUrl('https://user:pw@api.example.com')).toMatchObject({ ok: false });
    expect(checkBaseUrl('https://api.example.com/?x=1')).toMatchObject({ ok: false });
    expect(checkBaseUrl('api.example.com')).toMatchObject({ ok: false });
  });

  it('know loopback hosts', () => {
    for (const h of ['localhost', 'a.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['example.com', '10.0.0.1', '128.0.0.1', 'localhost.example.com']) expect(isLoopbackHost(h), h).toBe(false);
  });

  it('let the key go only to allowed origins over a secure transport', () => {
    const allowed = new Set(['https://api.example.com', 'https://api.eu.example.com', 'http://127.0.0.1:9000', 'http://evil.example.com']);
    expect(mayReceiveKey('https://api.example.com/v1/gen-dev', allowed)).toBe(true);
    expect(mayReceiveKey('https://api.eu.example.com/v1/get_result?id=1', allowed)).toBe(true);
    expect(mayReceiveKey('http://127.0.0.1:9000/v1/get_result', allowed)).toBe(true);
    expect(mayReceiveKey('https://storage.example.net/sample.jpg?sig=1', allowed)).toBe(false);
    expect(mayReceiveKey('http://api.example.com/v1/x', allowed)).toBe(false);
    expect(mayReceiveKey('http://evil.example.com/v1/x', allowed)).toBe(false);
    expect(mayReceiveKey('not a url', allowed)).toBe(false);
  });

  it('let a polling address use plain http only when the connection itself is on this computer', () => {
    expect(isSecurePollingAddress('https://api.eu.example.com/v1/get_result?id=1', 'https://api.example.com')).toBe(true);
    expect(isSecurePollingAddress('http://127.0.0.1:9000/v1/get_result?id=1', 'http://127.0.0.1:8000')).toBe(true);
    expect(isSecurePollingAddress('http://localhost:9000/v1/get_result?id=1', 'https://localhost:8443')).toBe(true);
    // A remote https service handing out a loopback http address: whatever listens there is not the service.
    expect(isSecurePollingAddress('http://127.0.0.1:9000/v1/get_result?id=1', 'https://api.example.com')).toBe(false);
    expect(isSecurePollingAddress('http://api.eu.example.com/v1/get_result?id=1', 'http://127.0.0.1:8000')).toBe(false);
    expect(isSecurePollingAddress('not a url', 'https://api.example.com')).toBe(false);
  });
});
