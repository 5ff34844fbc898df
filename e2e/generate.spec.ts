import { openReference } from './reference';
import { expect, test } from './fixtures';

// These journeys watch a task while it runs (its progress, a Cancel): the Sandbox keeps the app's demo pace.
test.use({ sandboxPace: 'demo' });

test('generate on the Sandbox: the task goes through the queue into the library', async ({ app }) => {
  const { page } = app;
  await openReference(page, 'Dev');
  const panel = page.getByRole('region', { name: 'Generate' });
  await expect(panel.getByRole('note', { name: 'Connection note' })).toContainText('placeholders');
  await panel.getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse at dusk');
  await panel.getByLabel('Width').fill('512');
  await panel.getByLabel('Height').fill('384');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(panel.getByRole('status', { name: 'Last task' })).toContainText(/Queued|Sending|Running/);

  await panel.getByRole('button', { name: 'Show in queue' }).click();
  const task = page.getByRole('listitem', { name: /^Dev: / });
  await expect(task).toContainText('a lighthouse at dusk');
  await expect(task).toHaveAccessibleName(/Dev: (Sending|Running|Saving result)/);
  await expect(task.getByRole('progressbar')).toBeVisible();
  await expect(task).toHaveAccessibleName('Dev: Done', { timeout: 20_000 });
  await expect(task).toContainText('credits');

  await page.getByRole('navigation').getByRole('button', { name: 'Gallery' }).click();
  const results = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
  await expect(results).toHaveCount(1);
  await results.first().getByRole('button').first().dblclick();
  const full = page.getByRole('dialog', { name: 'Result' });
  const details = full.getByRole('complementary', { name: 'Result details' });
  await expect(details).toContainText('512 × 384');
  await expect(details.getByRole('table', { name: 'Parameters' })).toContainText('a lighthouse at dusk');
  const picture = full.getByRole('img', { name: 'a lighthouse at dusk' });
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
});

test('the service’s own 422 comes back onto the field it names', async ({ app }) => {
  const { page } = app;
  await openReference(page, 'Gen 2 Klein 9B KV + LoRA');
  const panel = page.getByRole('region', { name: 'Generate' });
  await panel.getByRole('textbox', { name: 'Prompt' }).fill('a portrait in my style');
  // The catalog cannot know which LoRAs the key owns: only the service can refuse this one.
  await panel.getByLabel(/^Finetune name/).fill('no-such-lora');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  const field = panel.locator('[data-field="finetune_id"]');
  await expect(field.getByRole('alert')).toContainText('not found for this key');
  await expect(panel.getByLabel(/^Finetune name/)).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('status', { name: 'Last task' })).toContainText('Failed');
  // Changing the field clears the service's verdict on it.
  await panel.getByLabel(/^Finetune name/).fill('sandbox-demo-lora');
  await expect(field.getByRole('alert')).toHaveCount(0);
});

test('the catalog’s own check shows on the field before anything is sent', async ({ app }) => {
  const { page } = app;
  await openReference(page, 'Dev');
  const panel = page.getByRole('region', { name: 'Generate' });
  await panel.getByLabel('Width').fill('1000');
  await expect(panel.locator('[data-field="width"]').getByRole('alert')).toHaveText('Input should be a multiple of 32');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(panel.getByRole('alert').filter({ hasText: 'Fix the marked fields first.' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Help: the service reference' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Queue' }).click();
  await expect(page.getByText('Nothing in the queue')).toBeVisible();
});

test('cancelling a running task asks first, saying the service may still charge', async ({ app }) => {
  const { page } = app;
  await openReference(page, 'Gen 3 Video');
  const panel = page.getByRole('region', { name: 'Generate' });
  await panel.getByLabel(/^Mode/).selectOption('t2v');
  await panel.getByRole('textbox', { name: 'Prompt' }).fill('waves on a rock');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  await panel.getByRole('button', { name: 'Show in queue' }).click();
  // A clip is named draft or final, with its length and time, so two of them are told apart.
  const task = page.getByRole('listitem', { name: /^Gen 3 Video / });
  await expect(task).toHaveAccessibleName(/^Gen 3 Video final · .*\d\d:\d\d.*: Running$/);
  await task.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Stop waiting for this task?' });
  await expect(dialog).toContainText('The service may still finish it and charge for it.');
  await dialog.getByRole('button', { name: 'Stop waiting' }).click();
  await expect(task).toHaveAccessibleName(/^Gen 3 Video final · .*: Cancelled$/);
  await expect(task.getByRole('button', { name: 'Retry' })).toBeVisible();
});
