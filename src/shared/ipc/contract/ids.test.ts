import { describe, expect, it } from 'vitest';
import { CALLS } from './index';

const uuid = '0b6f1c2e-8a4d-4f7e-9c3b-2d1e5a6f7b80';
const accepts = (name: keyof typeof CALLS, request: unknown) => CALLS[name].request.safeParse(request).success;

describe('the ids the renderer sends back are checked at the door', () => {
  it('a batch is named by its own id, not a matrix’s, a path or a long string', () => {
    expect(accepts('batch.pause', { id: `bt-${uuid}` })).toBe(true);
    expect(accepts('batch.retry', { id: `bt-${uuid}`, index: 3 })).toBe(true);
    for (const id of [`mx-${uuid}`, `bt-${uuid}/../../settings`, 'bt-', `bt-${'a'.repeat(200)}`, '']) {
      expect(accepts('batch.pause', { id })).toBe(false);
      expect(accepts('batch.retry', { id, index: 0 })).toBe(false);
    }
  });

  it('a matrix is named by its own id', () => {
    expect(accepts('explore.get', { id: `mx-${uuid}` })).toBe(true);
    for (const id of [`bt-${uuid}`, `mx-${uuid}.json`, `../mx-${uuid}`, '']) expect(accepts('explore.get', { id })).toBe(false);
  });

  it('a connection’s id is bounded: a UUID or the built-in Sandbox’s', () => {
    expect(accepts('connections.activate', { id: uuid })).toBe(true);
    expect(accepts('connections.activate', { id: 'sandbox' })).toBe(true);
    expect(accepts('connections.remove', { id: '' })).toBe(false);
    expect(accepts('connections.remove', { id: 'x'.repeat(101) })).toBe(false);
  });

  it('a spending cap is a positive number of credits, or none', () => {
    const caps = (day: unknown) => accepts('spending.setCaps', { keyId: 'k', caps: { day, week: null, month: null } });
    expect(caps(25)).toBe(true);
    expect(caps(null)).toBe(true);
    expect(caps(0)).toBe(false);
    expect(caps(-5)).toBe(false);
  });
});
