// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameBatch } from './frameBatch';

describe('frameBatch', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('hands over what arrived within a frame together, once', () => {
    const flushed: number[][] = [];
    const batch = frameBatch<number>((items) => flushed.push(items));
    batch.push(1);
    batch.push(2);
    batch.push(3);
    expect(flushed).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(flushed).toEqual([[1, 2, 3]]);
    batch.push(4);
    vi.advanceTimersToNextFrame();
    expect(flushed).toEqual([[1, 2, 3], [4]]);
    // The fallback timer of a flushed batch does not flush again.
    vi.advanceTimersByTime(1000);
    expect(flushed).toHaveLength(2);
  });

  it('still hands over in a window that draws no frames', () => {
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const flushed: string[][] = [];
    const batch = frameBatch<string>((items) => flushed.push(items), 100);
    batch.push('a');
    vi.advanceTimersByTime(99);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([['a']]);
    vi.unstubAllGlobals();
  });

  it('drops what a later answer made stale, and cancel forgets the rest', () => {
    const flushed: number[][] = [];
    const batch = frameBatch<number>((items) => flushed.push(items));
    batch.push(1);
    batch.push(2);
    batch.drop((n) => n === 1);
    vi.advanceTimersToNextFrame();
    expect(flushed).toEqual([[2]]);
    batch.push(3);
    batch.cancel();
    vi.advanceTimersByTime(1000);
    expect(flushed).toEqual([[2]]);
  });
});
