import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosave } from './autosave';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('autosave', () => {
  it('saves once after a burst of changes settles', async () => {
    const save = vi.fn(async () => {});
    const autosave = new Autosave(save, { quietMs: 800, maxWaitMs: 3000 });
    for (let i = 0; i < 5; i++) {
      autosave.changed();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('still saves every few seconds while changes never pause', async () => {
    const saves: number[] = [];
    const autosave = new Autosave(async () => void saves.push(Date.now()), { quietMs: 800, maxWaitMs: 3000 });
    const start = Date.now();
    for (let t = 0; t < 10_000; t += 200) {
      autosave.changed();
      await vi.advanceTimersByTimeAsync(200);
    }
    // Without the cap the first save would come 800 ms after the last change, ten seconds in.
    expect(saves.length).toBeGreaterThanOrEqual(3);
    expect(saves[0]! - start).toBeLessThanOrEqual(3000);
    for (let i = 1; i < saves.length; i++) expect(saves[i]! - saves[i - 1]!).toBeLessThanOrEqual(3200);
  });

  it('flush saves a waiting change at once and waits for it; with nothing waiting it saves nothing', async () => {
    let finished = 0;
    const autosave = new Autosave(async () => {
      await new Promise((r) => setTimeout(r, 50));
      finished++;
    });
    await autosave.flush();
    expect(finished).toBe(0);
    autosave.changed();
    const flushed = autosave.flush();
    await vi.advanceTimersByTimeAsync(50);
    await flushed;
    expect(finished).toBe(1);
    expect(autosave.pending).toBe(false);
  });

  it('saves run one after another, and a failed save does not stop the next', async () => {
    const order: string[] = [];
    let calls = 0;
    const errors: unknown[] = [];
    const save = async () => {
      const n = ++calls;
      order.push(`start ${n}`);
      await new Promise((r) => setTimeout(r, n === 1 ? 100 : 10));
      order.push(`end ${n}`);
      if (n === 1) throw new Error('disk full');
    };
    const autosave = new Autosave(save, undefined, Date.now, (e) => errors.push(e));
    autosave.changed();
    const first = autosave.flush();
    autosave.changed();
    const second = autosave.flush();
    await vi.advanceTimersByTimeAsync(200);
    await Promise.all([first, second]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(errors).toHaveLength(1);
  });
});
