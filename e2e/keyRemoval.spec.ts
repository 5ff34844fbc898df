import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LockableKeychain } from '../src/main/core/testing/lockableKeychain';
import { startSandbox } from '../src/main/sandbox/index';
import { launchChromium } from './harness/launch';
import { expect, test } from './fixtures';

const KEY = 'sk-e2e-removal-8KD2Q4';

test('a key removed while the keychain is locked is listed as “removal pending”, and goes once the keychain answers', async ({ runner }) => {
  test.skip(runner === 'electron', 'needs a keychain the test can lock, which only the Chromium harness can be given');
  const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-e2e-'));
  const sandbox = await startSandbox({ keys: { [KEY]: { credits: 10 } } });
  const keychain = new LockableKeychain();
  const app = await launchChromium({ dataDir, deps: { secrets: keychain } });
  try {
    const { page } = app;
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Add a key' });
    await form.getByLabel(/^Label/).fill('Studio key');
    await form.getByLabel(/^API key/).fill(KEY);
    await form.getByLabel(/^Base URL/).fill(sandbox.baseUrl);
    await form.getByRole('button', { name: 'Add key' }).click();
    const row = page.getByRole('listitem', { name: 'Key Studio key' });
    await expect(row).toBeVisible();

    keychain.locked = true;
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove key' }).click();
    await expect(row.getByText('removal pending')).toBeVisible();
    await expect(row.getByRole('note')).toContainText('still stored there');
    await expect(row.getByRole('button', { name: 'Test' })).toHaveCount(0);
    await expect(page.getByRole('status', { name: 'Active connection' })).toContainText('Sandbox');
    await page.screenshot({ path: 'out/e2e-results/key-removal-pending.png', fullPage: true });

    keychain.locked = false;
    await row.getByRole('button', { name: 'Try again now' }).click();
    await expect(row).toHaveCount(0);
    expect(await keychain.inner.findCredentials('Gen Studio')).toEqual([]);
  } finally {
    await app.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
