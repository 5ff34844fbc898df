import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures';

test('a task whose outcome is unknown is listed under Spending until the artist says whether it was charged', async ({ app }) => {
  // As the ledger stands after a Sandbox task was cut off mid-send (its cost estimated at 3 credits).
  const entry = { taskId: 'f3b1c2d4-0000-4000-8000-000000000001', keyId: 'sandbox', endpointId: 'gen-dev', at: Date.now() - 60_000, cost: 3, charged: true, unsettled: true };
  await writeFile(join(app.dataDir, 'spending.json'), JSON.stringify({ version: 1, entries: [entry] }));
  const page = await app.restart();
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();

  const unsettled = page.getByLabel('Unsettled tasks');
  await expect(unsettled).toContainText('Not settled yet');
  await expect(unsettled).toContainText('counted as 3 credits');
  const spent = page.getByRole('table', { name: 'Spending' });
  await expect(spent.getByRole('row', { name: /Today/ })).toContainText('0');
  await page.locator('section', { has: unsettled }).screenshot({ path: test.info().outputPath('spending-unsettled.png') });

  await unsettled.getByLabel('Cost (credits)').fill('2.5');
  await unsettled.getByRole('button', { name: 'It was charged' }).click();
  await expect(unsettled).toHaveCount(0);
  await expect(spent.getByRole('row', { name: /Today/ })).toContainText('2.5');
});
