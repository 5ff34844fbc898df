import type { TaskState } from '../../../shared/ipc/contract';

/**
 * When Gen Studio may look for, fetch and install an update: pure decisions, so every rule is tested without a
 * network, a clock or Electron. The update service carries them out.
 */

export const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Tasks in these states are being sent, polled or downloaded, or are about to be sent by the scheduler: a
 * restart now would cut a request short or leave a task's answer unknown. Tasks waiting for the user, for the
 * network or for a time to retry are on disk and carry on after a restart.
 */
export const BUSY_TASK_STATES: readonly TaskState[] = ['queued', 'submitting', 'running', 'downloading'];

export interface CheckFacts {
  readonly enabled: boolean;
  /** false in a copy that cannot update itself (run from a clone, the Chromium runner) */
  readonly available: boolean;
  readonly lastCheckAt: number | null;
  readonly now: number;
}

/** When the next automatic check is due (now or later), or null when none is: updates are off or impossible. */
export function nextCheckAt(facts: CheckFacts): number | null {
  if (!facts.enabled || !facts.available) return null;
  if (facts.lastCheckAt === null || facts.lastCheckAt > facts.now) return facts.now; // a clock set back counts as due
  return Math.max(facts.now, facts.lastCheckAt + CHECK_INTERVAL_MS);
}

export function checkIsDue(facts: CheckFacts): boolean {
  return nextCheckAt(facts) === facts.now;
}

/** Downloading happens only after the user agreed, and only for a version a check has found. */
export function mayDownload(facts: { readonly agreed: boolean; readonly versionOnOffer: string | null; readonly enabled: boolean }): boolean {
  return facts.enabled && facts.agreed && facts.versionOnOffer !== null;
}

export type InstallDecision = { readonly kind: 'install' } | { readonly kind: 'wait'; readonly busy: number };

/** Installing restarts the app: it waits while any task is being sent or polled. */
export function installDecision(tasks: ReadonlyArray<{ readonly state: TaskState }>): InstallDecision {
  const busy = tasks.filter((task) => BUSY_TASK_STATES.includes(task.state)).length;
  return busy === 0 ? { kind: 'install' } : { kind: 'wait', busy };
}
