import { describe, expect, it } from 'vitest';
import { costText, creditsText, elapsedText, progressPercent, promptOf, serviceStatusText, stateLabel, untilText } from './taskText';

describe('task text', () => {
  it('names every state plainly', () => {
    expect(stateLabel('outcome-unknown')).toBe('Sent, outcome unknown');
    expect(stateLabel('ready-to-send')).toBe('Ready to send');
  });

  it('shows credits and the settled cost of a video beside its quote', () => {
    expect(creditsText(2.456)).toBe('2.46 credits');
    expect(creditsText(1)).toBe('1 credit');
    expect(costText({ cost: 30, settledCost: 22.5 })).toBe('22.5 credits (quoted 30 credits)');
    expect(costText({ cost: 2, settledCost: null })).toBe('2 credits');
    expect(costText({ cost: null, settledCost: null })).toBeNull();
    // A moderated task shows no price next to "not charged", even with a quote.
    expect(costText({ cost: 1.5, settledCost: null, state: 'moderated' })).toBe('Not charged');
    expect(costText({ cost: null, settledCost: null, state: 'failed' })).toBe('Not charged');
    expect(costText({ cost: 2, settledCost: null, state: 'failed' })).toBe('2 credits');
  });

  it('elapsed time runs from sending to the end, or to now', () => {
    expect(elapsedText({ createdAt: 0, submittedAt: 1000, finishedAt: 13_400 }, 99_000)).toBe('12 s');
    expect(elapsedText({ createdAt: 0, submittedAt: null, finishedAt: null }, 125_000)).toBe('2 min 05 s');
  });

  it('shows progress, an unknown status as it is, and when a retry comes', () => {
    expect(progressPercent({ progress: 0.456 })).toBe(46);
    expect(progressPercent({ progress: null })).toBeNull();
    expect(serviceStatusText({ state: 'running', serviceStatus: 'Warming Up' })).toBe('Warming Up');
    expect(serviceStatusText({ state: 'done', serviceStatus: 'Ready' })).toBeNull();
    expect(untilText(10_500, 1000)).toBe('in 10 s');
    expect(untilText(200_000, 0)).toBe('in 3 min');
  });

  it('shortens long prompts', () => {
    expect(promptOf({ prompt: 'x'.repeat(200) }, 10)).toBe(`${'x'.repeat(9)}…`);
    expect(promptOf({})).toBe('');
  });
});
