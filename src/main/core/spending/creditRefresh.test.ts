import { describe, expect, it } from 'vitest';
import { Scheduler } from '../engine/scheduler';
import { FakeClock } from '../testing/fakeClock';
import { CREDIT_REFRESH_MS, CreditRefresh } from './creditRefresh';

describe('the balance refresh', () => {
  it('asks right after a charge, once a minute while tasks run, and never when idle', () => {
    const clock = new FakeClock();
    const asked: Array<string | null> = [];
    const refresh = new CreditRefresh(clock, new Scheduler(clock), async (keyId) => void asked.push(keyId));
    refresh.charged('k1');
    expect(asked).toEqual(['k1']);

    clock.advance(5 * CREDIT_REFRESH_MS);
    expect(asked).toEqual(['k1']);

    refresh.setActive(true);
    refresh.setActive(true);
    clock.advance(CREDIT_REFRESH_MS - 1);
    expect(asked).toHaveLength(1);
    clock.advance(1);
    expect(asked).toEqual(['k1', null]);
    clock.advance(CREDIT_REFRESH_MS);
    expect(asked).toHaveLength(3);

    refresh.setActive(false);
    clock.advance(3 * CREDIT_REFRESH_MS);
    expect(asked).toHaveLength(3);
  });
});
