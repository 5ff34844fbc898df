import { describe, expect, it } from 'vitest';
import { FlingGate } from './flingGate';

function gate() {
  let t = 1000;
  const g = new FlingGate(() => t);
  return { g, at: (ms: number) => (t = ms) };
}

describe('FlingGate', () => {
  it('is not flinging before any scroll', () => {
    expect(gate().g.flinging()).toBe(false);
  });

  it('calls a row a frame a fling, and a slow wheel not', () => {
    const { g, at } = gate();
    at(1000);
    g.scrolled(0);
    at(1016);
    g.scrolled(300); // about 18,750 px/s
    expect(g.flinging()).toBe(true);
    at(1032);
    g.scrolled(320); // 1,250 px/s
    expect(g.flinging()).toBe(false);
  });

  it('treats a jump after a pause as no fling, however far', () => {
    const { g, at } = gate();
    at(1000);
    g.scrolled(0);
    at(2000);
    g.scrolled(250_000);
    expect(g.flinging()).toBe(false);
  });

  it('stops flinging once the scrolling stops', () => {
    const { g, at } = gate();
    at(1000);
    g.scrolled(0);
    at(1016);
    g.scrolled(400);
    expect(g.flinging()).toBe(true);
    at(1200);
    expect(g.flinging()).toBe(false);
  });
});
