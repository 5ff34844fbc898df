import { openReference } from './reference';
import { startSandbox } from '../src/main/sandbox/index';
import { expect, test } from './fixtures';

const KEY = 'sk-e2e-offline-4R7T';

test('a task prepared while the service does not answer waits as “ready to send” and goes out when it is back', async ({ app }) => {
  test.setTimeout(150_000);
  let sandbox = await startSandbox({ keys: { [KEY]: { credits: 100 } } });
  const port = Number(new URL(sandbox.baseUrl).port);
  try {
    const { page } = app;
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Add a key' });
    await form.getByLabel(/^Label/).fill('Offline test');
    await form.getByLabel(/^API key/).fill(KEY);
    await form.getByLabel(/^Base URL/).fill(sandbox.baseUrl);
    const sessionOnly = form.getByLabel(/for this session only/);
    if (await sessionOnly.isVisible()) await sessionOnly.check();
    await form.getByRole('button', { name: 'Add key' }).click();
    await expect(page.getByRole('status', { name: 'Active connection' })).toContainText('Offline test');

    // The service goes away.
    await sandbox.close();

    await page.getByRole('navigation').getByRole('button', { name: 'Start' }).click();
    await openReference(page, 'Dev');
    const panel = page.getByRole('region', { name: 'Generate' });
    await panel.getByRole('textbox', { name: 'Prompt' }).fill('made on a train');
    await panel.getByLabel('Width').fill('256');
    await panel.getByLabel('Height').fill('256');
    await panel.getByRole('button', { name: 'Generate', exact: true }).click();
    await panel.getByRole('button', { name: 'Show in queue' }).click();

    const task = page.getByRole('listitem', { name: /^Dev: / });
    // A refused connection may be a busy service's: it is tried again by itself a few times (about 30 s in all),
    // saying nothing was sent, before the connection counts as away.
    await expect(task).toHaveAccessibleName(/^Dev: (Waiting to try again|Ready to send)$/);
    await expect(task).toContainText('nothing was sent');
    await expect(task).toHaveAccessibleName('Dev: Ready to send', { timeout: 60_000 });
    await expect(task).toContainText('will be sent when it does');
    await expect(page.getByRole('status', { name: 'Active connection' })).toContainText('offline');

    // The service comes back on the same address: the task goes out by itself and finishes.
    sandbox = await startSandbox({ port, keys: { [KEY]: { credits: 100 } } });
    await expect(task).toHaveAccessibleName('Dev: Done', { timeout: 30_000 });
    expect(sandbox.submissions().filter((s) => s.taskId !== null)).toHaveLength(1);
  } finally {
    await sandbox.close();
  }
});
