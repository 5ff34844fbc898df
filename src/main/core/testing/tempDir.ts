import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh directory per test, removed afterwards. A save the code under test began and did not wait for (a run's
 * record written on a later turn) can land while the directory is being removed (ENOTEMPTY, seen in a full run):
 * rm tries again then, instead of failing a test that passed.
 */
export async function tempDir(prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `gen-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }) };
}
