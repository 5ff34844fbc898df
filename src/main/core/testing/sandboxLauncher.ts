import { inject } from 'vitest';
import { forkSandbox } from '../connections/forkedSandbox';
import type { SandboxLauncher } from '../connections/sandboxProcess';

/**
 * The built-in Sandbox as the unit tests start it: the bundle sandboxBundle.ts built for this run, or the source
 * entry through tsx when a run has no bundle (a file run with another config).
 */
export function testSandboxLauncher(): SandboxLauncher {
  const bundle = inject('sandboxBundle');
  return bundle ? forkSandbox(bundle) : forkSandbox();
}
