import { describe, expect, it } from 'vitest';
import { tallyText } from './tallyText';

describe('what a run sent and held, in words', () => {
  it('says held while paused, to go while running, not sent once cancelled', () => {
    expect(tallyText('paused', { sent: 11, notSent: 21 })).toBe('11 sent · 21 held');
    expect(tallyText('running', { sent: 11, notSent: 21 })).toBe('11 sent · 21 to go');
    expect(tallyText('cancelled', { sent: 11, notSent: 21 })).toBe('11 sent · 21 not sent');
    expect(tallyText('finished', { sent: 32, notSent: 0 })).toBe('32 sent');
  });
});
