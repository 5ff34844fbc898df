import { describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fakeClock';
import { Scheduler } from './scheduler';

describe('the scheduler', () => {
  it('runs wake-ups in time order with a single clock timer, however many are waiting', () => {
    const clock = new FakeClock(0);
    const s = new Scheduler(clock);
    const ran: string[] = [];
    for (let i = 0; i < 500; i++) s.schedule(`t${i}`, 1000 + ((i * 7919) % 5000), () => ran.push(`t${i}`));
    expect(clock.pending()).toBe(1);
    clock.advance(10_000);
    expect(ran).toHaveLength(500);
    const times = ran.map((k) => 1000 + ((Number(k.slice(1)) * 7919) % 5000));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(clock.pending()).toBe(0);
  });

  it('replaces a key’s wake-up when scheduled again, and forgets a cancelled one', () => {
    const clock = new FakeClock(0);
    const s = new Scheduler(clock);
    const ran: string[] = [];
    s.schedule('a', 500, () => ran.push('a@500'));
    s.schedule('a', 200, () => ran.push('a@200'));
    s.schedule('b', 300, () => ran.push('b'));
    s.cancel('b');
    s.schedule('c', 900, () => ran.push('c'));
    clock.advance(1000);
    expect(ran).toEqual(['a@200', 'c']);
  });

  it('moves a wake-up later: it runs once, at its new time, not at its old one', () => {
    const clock = new FakeClock(0);
    const s = new Scheduler(clock);
    const ran: string[] = [];
    s.schedule('a', 200, () => ran.push(`a@${clock.now()}`));
    s.schedule('a', 700, () => ran.push(`a@${clock.now()}`));
    clock.advance(500);
    expect(ran).toEqual([]);
    expect(s.dueAt('a')).toBe(700);
    clock.advance(500);
    expect(ran).toEqual(['a@700']);
    expect(s.size).toBe(0);
  });

  it('moves or cancels a wake-up that falls due at the same moment as the one doing it', () => {
    const clock = new FakeClock(0);
    const s = new Scheduler(clock);
    const ran: string[] = [];
    // A pause at 100 puts off one task due then and cancels another: neither runs at 100.
    s.schedule('pause', 100, () => {
      ran.push('pause');
      s.schedule('later', 900, () => ran.push(`later@${clock.now()}`));
      s.cancel('gone');
    });
    s.schedule('later', 100, () => ran.push(`later@${clock.now()}`));
    s.schedule('gone', 100, () => ran.push('gone'));
    clock.advance(1000);
    expect(ran).toEqual(['pause', 'later@900']);
  });

  it('lets a wake-up schedule the next one (a polling chain) on the same timer', () => {
    const clock = new FakeClock(0);
    const s = new Scheduler(clock);
    let polls = 0;
    const poll = () => {
      polls++;
      if (polls < 5) s.schedule('task', clock.now() + 100, poll);
    };
    s.schedule('task', 100, poll);
    s.schedule('other', 10_000, () => {});
    clock.advance(1000);
    expect(polls).toBe(5);
    expect(clock.pending()).toBe(1);
  });

  it('stops on dispose', () => {
    const clock = new FakeClock(0);
    const s = new Scheduler(clock);
    let ran = false;
    s.schedule('x', 10, () => (ran = true));
    s.dispose();
    clock.advance(100);
    expect(ran).toBe(false);
    expect(clock.pending()).toBe(0);
  });
});
