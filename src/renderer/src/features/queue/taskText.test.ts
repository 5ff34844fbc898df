import { describe, expect, it } from 'vitest';
import { costText, creditsText, progressPercent, promptOf, serviceStatusText, stateLabel, untilText } from './taskText';

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
