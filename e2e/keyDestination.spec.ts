import { startSandbox, type SandboxHandle } from '../src/main/sandbox/index';
import { expect, test } from './fixtures';

const KEY = 'sk-e2e-destination-5RT8W1';

test('a key follows a changed base URL only after the user says so in the main process’s dialog, which names the new host', async ({ app }) => {
  test.skip(!app.keyDialogs, 'Electron asks in a native dialog Playwright cannot answer; src/main/shell/keyDialog.test.ts covers it there');
  const dialogs = app.keyDialogs!;
  const first = await startSandbox({ keys: { [KEY]: { credits: 77 } } });
  const reached: string[] = [];
  let moved: SandboxHandle | undefined;
  try {
    moved = await startSandbox({ keys: { [KEY]: { credits: 5 } }, onRequest: (r) => reached.push(r.path) });
    const movedHost = new URL(moved.baseUrl).host;
    const { page } = app;
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();

    const form = page.getByRole('form', { name: 'Add a key' });
    await form.getByLabel(/^Label/).fill('Studio key');
    await form.getByLabel(/^API key/).fill(KEY);
    await form.getByLabel(/^Connection name/).fill('Studio service');
    await form.getByLabel(/^Base URL/).fill(first.baseUrl);
    const sessionOnly = form.getByLabel(/for this session only/);
    if (await sessionOnly.isVisible()) await sessionOnly.check();
    await form.getByRole('button', { name: 'Add key' }).click();
    const key = page.getByRole('listitem', { name: 'Key Studio key' });
    await key.getByRole('button', { name: 'Test' }).click();
    await expect(key.getByRole('status')).toContainText('Balance: 77 credits');

    // The base URL moves to another service.
    const connection = page.getByRole('listitem', { name: 'Connection Studio service' });
    await connection.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit Studio service' });
    await edit.getByLabel('Base URL', { exact: true }).fill(moved.baseUrl);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(connection).toContainText(moved.baseUrl);

    // Test: main asks, in its own dialog, naming the new host; the page has no part in it.
    await key.getByRole('button', { name: 'Test' }).click();
    const refused = await dialogs.next();
    expect(refused.question).toMatchObject({ reason: 'address-changed', hosts: [movedHost] });
    expect(refused.text.message).toContain(movedHost);
    expect(await page.content()).not.toContain(refused.text.message);
    refused.answer(false);
    await expect(key.getByRole('status')).toContainText(`did not send the key “Studio key” to ${movedHost}`);
    expect(reached).toEqual([]);

    // Asked again on the next Test; this time the user sends it.
    await key.getByRole('button', { name: 'Test' }).click();
    (await dialogs.next()).answer(true);
    await expect(key.getByRole('status')).toContainText('Balance: 5 credits');
    expect(reached.length).toBeGreaterThan(0);
    expect(dialogs.asked).toHaveLength(2);
  } finally {
    await first.close();
    await moved?.close();
  }
});
