import { describe, expect, it } from 'vitest';
import { checkBaseUrl, connectAddress, isLoopbackHost, isSecureTransport, mayReceiveKey, pollingVerdict, registrableDomain, type KeyScope } from './urlPolicy';

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

  it('know loopback hosts: only those no resolver is asked about', () => {
    for (const h of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) expect(isLoopbackHost(h), h).toBe(true);
    // Node asks the network's DNS for *.localhost names: a key sent there over http could leave in clear text.
    for (const h of ['a.localhost', 'gen.localhost', 'localhost.', 'example.com', '10.0.0.1', '128.0.0.1', 'localhost.example.com']) {
      expect(isLoopbackHost(h), h).toBe(false);
    }
    expect(checkBaseUrl('http://gen.localhost:8080')).toMatchObject({ ok: false });
    expect(isSecureTransport('http://gen.localhost:8080/v1/x')).toBe(false);
    expect(isSecureTransport('https://gen.localhost:8080/v1/x')).toBe(true);
  });

  it('connect to localhost over http as 127.0.0.1, never through a resolver', () => {
    expect(connectAddress('http://localhost:8780/v1/get_result?id=1')).toBe('http://127.0.0.1:8780/v1/get_result?id=1');
    expect(connectAddress('http://LocalHost:8780/x')).toBe('http://127.0.0.1:8780/x');
    // https keeps its name: the certificate is checked against it.
    expect(connectAddress('https://localhost:8443/x')).toBe('https://localhost:8443/x');
    expect(connectAddress('http://127.0.0.1:1/x')).toBe('http://127.0.0.1:1/x');
    expect(connectAddress('https://api.example.com/x')).toBe('https://api.example.com/x');
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

  const service: KeyScope = { baseUrl: 'https://api.example.com', regionalBaseUrl: 'https://api.us.example.com', allowedOrigins: new Set() };
  const local: KeyScope = { baseUrl: 'http://127.0.0.1:8000', regionalBaseUrl: 'http://127.0.0.1:8001', allowedOrigins: new Set() };

  it('let a polling address use plain http only when the connection itself is on this computer', () => {
    expect(pollingVerdict('https://api.eu.example.com/v1/get_result?id=1', service)).toMatchObject({ ok: true, origin: 'https://api.eu.example.com' });
    expect(pollingVerdict('http://127.0.0.1:9000/v1/get_result?id=1', local)).toMatchObject({ ok: true });
    expect(pollingVerdict('http://localhost:9000/v1/get_result?id=1', local)).toMatchObject({ ok: true });
    expect(pollingVerdict('https://localhost:9443/v1/get_result?id=1', local)).toMatchObject({ ok: true });
    // A remote https service handing out a loopback http address: whatever listens there is not the service.
    expect(pollingVerdict('http://127.0.0.1:9000/v1/get_result?id=1', service)).toMatchObject({ ok: false, reason: 'insecure' });
    expect(pollingVerdict('http://api.eu.example.com/v1/get_result?id=1', local)).toMatchObject({ ok: false, reason: 'insecure' });
    // *.localhost is looked up in DNS by Node: never with the key over http, even for a local connection.
    expect(pollingVerdict('http://gen.localhost:9000/v1/get_result?id=1', local)).toMatchObject({ ok: false, reason: 'insecure' });
    expect(pollingVerdict('not a url', service)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('send the key only to polling hosts on the connection’s own registrable domain, or ones the user allowed', () => {
    expect(pollingVerdict('https://api.example.com/v1/get_result?id=1', service)).toMatchObject({ ok: true });
    expect(pollingVerdict('https://eu4.api.example.com/v1/get_result?id=1', service)).toMatchObject({ ok: true });
    const foreign = pollingVerdict('https://poll.attacker.net/v1/get_result?id=1', service);
    expect(foreign).toMatchObject({ ok: false, reason: 'foreign', host: 'poll.attacker.net' });
    expect(foreign.ok ? '' : foreign.message).toContain('example.com');
    // A look-alike name is another domain.
    expect(pollingVerdict('https://example.com.attacker.net/x', service)).toMatchObject({ ok: false, reason: 'foreign' });
    expect(pollingVerdict('https://api.example.com./x', service)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(pollingVerdict('https://user:pw@api.example.com/x', service)).toMatchObject({ ok: false, reason: 'invalid' });
    // A remote connection cannot send its key to this computer's https ports either.
    expect(pollingVerdict('https://127.0.0.1:9443/x', service)).toMatchObject({ ok: false, reason: 'foreign' });
    // Allowed by the user for this key:
    expect(pollingVerdict('https://poll.attacker.net/x', { ...service, allowedOrigins: new Set(['https://poll.attacker.net']) })).toMatchObject({ ok: true });
    // The regional base's domain is the connection's own too.
    expect(pollingVerdict('https://eu.other-cdn.com/x', { ...service, regionalBaseUrl: 'https://us.other-cdn.com' })).toMatchObject({ ok: true });
  });

  it('take registrable domains from the public suffix list, private suffixes included', () => {
    expect(registrableDomain('api.eu.example.com')).toBe('example.com');
    expect(registrableDomain('api.service.co.uk')).toBe('service.co.uk');
    // Two tenants of a shared platform are two domains.
    expect(registrableDomain('gen.herokuapp.com')).toBe('gen.herokuapp.com');
    expect(registrableDomain('127.0.0.1')).toBeNull();
    expect(registrableDomain('localhost')).toBeNull();
    expect(pollingVerdict('https://evil.herokuapp.com/x', { ...service, baseUrl: 'https://gen.herokuapp.com', regionalBaseUrl: 'https://gen.herokuapp.com' })).toMatchObject({
      ok: false,
      reason: 'foreign',
    });
  });
});
