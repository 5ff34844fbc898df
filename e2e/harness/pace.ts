import { CATALOG } from '../../src/shared/catalog/catalog';
import type { SandboxProcessOptions } from '../../src/main/sandbox/api';
import { pendingDuration } from '../../src/main/sandbox/tasks/timing';

/**
 * How long the Sandbox keeps a task Pending in a journey. `demo` is the app's own pace (a picture 3 s, a clip
 * 25 s): the journeys that watch a task while it runs (its progress, a Cancel) keep it. `brisk` is the same demo a
 * fifth as long, for the journeys that only wait for the result: a task still runs for a moment (a clip 5 s) and
 * goes through every state, but the suite no longer spends minutes waiting on pauses meant for a person.
 */
export type SandboxPace = 'demo' | 'brisk';

const BRISK_SHARE = 0.2;

export function sandboxPace(pace: SandboxPace): SandboxProcessOptions {
  if (pace === 'demo') return { timing: 'demo' };
  const durations = Object.fromEntries(CATALOG.map((e) => [e.id, Math.round(pendingDuration(e, { timing: 'demo' }) * BRISK_SHARE)]));
  return { timing: 'demo', durations };
}
