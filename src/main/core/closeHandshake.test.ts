import { describe, expect, it, vi } from 'vitest';
import { systemClock } from './deps';
import { CloseHandshake } from './closeHandshake';

describe('close handshake', () => {
  it('asks the renderer once and lets the close go when it answers', async () => {
    const ask = vi.fn();
    const handshake = new CloseHandshake(ask, systemClock);
    const first = handshake.request(5000);
    const second = handshake.request(5000);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(handshake.ready()).toBe(true);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
  });

  it('lets the close go after the time limit when the renderer never answers', async () => {
    vi.useFakeTimers();
    try {
      const handshake = new CloseHandshake(() => {}, systemClock);
      const answer = handshake.request(3000);
      await vi.advanceTimersByTimeAsync(3000);
      await expect(answer).resolves.toBe(false);
      // A late answer finds nothing waiting.
      expect(handshake.ready()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
