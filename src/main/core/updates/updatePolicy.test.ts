import { describe, expect, it } from 'vitest';
import { TASK_STATES, type TaskState } from '../../../shared/ipc/contract';
import { BUSY_TASK_STATES, CHECK_INTERVAL_MS, checkIsDue, installDecision, mayDownload, nextCheckAt } from './updatePolicy';

const NOW = 1_800_000_000_000;
const HOUR = 60 * 60 * 1000;
const facts = { enabled: true, available: true, lastCheckAt: null, now: NOW };

describe('when to check for an update', () => {
  it('never while updates are off, which they are until the user turns them on, nor in a copy that cannot update', () => {
    expect(nextCheckAt({ ...facts, enabled: false })).toBeNull();
    expect(nextCheckAt({ ...facts, available: false })).toBeNull();
    expect(checkIsDue({ ...facts, enabled: false })).toBe(false);
  });

  it('at once when never checked, then at most once a day', () => {
    expect(checkIsDue(facts)).toBe(true);
    const last = NOW - 3 * HOUR;
    expect(checkIsDue({ ...facts, lastCheckAt: last })).toBe(false);
    expect(nextCheckAt({ ...facts, lastCheckAt: last })).toBe(last + CHECK_INTERVAL_MS);
    expect(checkIsDue({ ...facts, lastCheckAt: NOW - CHECK_INTERVAL_MS + 1 })).toBe(false);
    expect(checkIsDue({ ...facts, lastCheckAt: NOW - CHECK_INTERVAL_MS })).toBe(true);
    expect(checkIsDue({ ...facts, lastCheckAt: NOW - 30 * CHECK_INTERVAL_MS })).toBe(true);
  });

  it('at once when the clock was set back past the last check, rather than never', () => {
    expect(checkIsDue({ ...facts, lastCheckAt: NOW + 5 * CHECK_INTERVAL_MS })).toBe(true);
  });
});

describe('when to download', () => {
  it('only after the user agreed to a version a check found, with updates on', () => {
    expect(mayDownload({ agreed: true, versionOnOffer: '1.2.0', enabled: true })).toBe(true);
    expect(mayDownload({ agreed: false, versionOnOffer: '1.2.0', enabled: true })).toBe(false);
    expect(mayDownload({ agreed: true, versionOnOffer: null, enabled: true })).toBe(false);
    expect(mayDownload({ agreed: true, versionOnOffer: '1.2.0', enabled: false })).toBe(false);
  });
});

describe('when to install', () => {
  it('waits while any task is being sent, polled or fetched, or is next in the queue', () => {
    for (const state of ['queued', 'submitting', 'running', 'downloading'] as const) {
      expect(installDecision([{ state: 'done' }, { state }]), state).toEqual({ kind: 'wait', busy: 1 });
    }
    expect(installDecision([{ state: 'running' }, { state: 'running' }, { state: 'submitting' }])).toEqual({ kind: 'wait', busy: 3 });
  });

  it('goes ahead when every task is finished or waiting for the user, the network or its retry time', () => {
    const idle = TASK_STATES.filter((s: TaskState) => !BUSY_TASK_STATES.includes(s));
    expect(idle.sort()).toEqual(['cancelled', 'done', 'failed', 'moderated', 'outcome-unknown', 'ready-to-send', 'waiting', 'webhook'].sort());
    expect(installDecision(idle.map((state) => ({ state })))).toEqual({ kind: 'install' });
    expect(installDecision([])).toEqual({ kind: 'install' });
  });
});
