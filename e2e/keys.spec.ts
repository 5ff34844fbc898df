import { startSandbox } from '../src/main/sandbox/index';
import { expect, test } from './fixtures';

const KEY = 'sk-e2e-never-shown-7QK9X2';

test('adding a key shows only its label and last four characters, anywhere', async ({ app }) => {
  const sandbox = await startSandbox({ keys: { [KEY]: { credits: 77 } } });
  try {
    const { page } = app;
    await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('status', { name: 'Keychain' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Add a key' });
    await form.getByLabel(/^Label/).fill('Studio key');
    await form.getByLabel(/^Organization/).fill('Acme');
    await form.getByLabel(/^Project/).fill('Posters');
    await form.getByLabel(/^API key/).fill(KEY);
    await form.getByLabel(/^Base URL/).fill(sandbox.baseUrl);
    // Where no keychain answers (the browser runner), the key can be kept for this session only, if the user says so.
    const sessionOnly = form.getByLabel(/for this session only/);
    if (await sessionOnly.isVisible()) {
      await expect(form.getByRole('button', { name: 'Add key' })).toBeDisabled();
      await sessionOnly.check();
    }
    await form.getByRole('button', { name: 'Add key' }).click();
    await expect(form.getByRole('status')).toContainText('Added “Studio key” (···X2'.replace('X2', KEY.slice(-4)));
    await expect(form.getByLabel(/^API key/)).toHaveValue('');

    const row = page.getByRole('listitem', { name: 'Key Studio key' });
    await expect(row.getByLabel('Last four characters')).toHaveText(`···${KEY.slice(-4)}`);
    await expect(row).toContainText('Acme / Posters');
    // The first key takes over from the Sandbox.
    await expect(page.getByRole('status', { name: 'Active connection' })).toContainText(`Studio key ···${KEY.slice(-4)}`);

    await row.getByRole('button', { name: 'Test' }).click();
    await expect(row.getByRole('status')).toContainText('Balance: 77 credits');

    await row.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('form', { name: 'Rename Studio key' });
    await rename.getByLabel('Label').fill('Posters key');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('listitem', { name: 'Key Posters key' })).toBeVisible();

    // The key itself is nowhere in the page: not in the markup, not in any field.
    expect(await page.content()).not.toContain(KEY);
    const values = await page.evaluate(() => [...document.querySelectorAll('input, textarea')].map((i) => (i as HTMLInputElement).value));
    expect(values.join('\n')).not.toContain(KEY);
  } finally {
    await sandbox.close();
  }
});

test('a plain-http address elsewhere than this computer is refused on its field', async ({ app }) => {
  const { page } = app;
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  const form = page.getByRole('form', { name: 'Add a key' });
  await form.getByLabel(/^Label/).fill('K');
  await form.getByLabel(/^API key/).fill('sk-whatever-12345');
  await form.getByLabel(/^Base URL/).fill('http://api.example.com');
  const sessionOnly = form.getByLabel(/for this session only/);
  if (await sessionOnly.isVisible()) await sessionOnly.check();
  await form.getByRole('button', { name: 'Add key' }).click();
  await expect(form.getByRole('alert')).toContainText('must use https');
  await expect(form.getByLabel(/^Base URL/)).toHaveAttribute('aria-invalid', 'true');
});
