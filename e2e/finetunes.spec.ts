import type { Page } from '@playwright/test';
import { openCanvas, useModel } from './canvasDriver';
import { expect, test, type Received } from './studioFixture';

const panel = (page: Page) => page.getByRole('region', { name: 'Generate' });
const at = (received: Received[], path: string) => received.filter((r) => r.path === path);

test('a finetune is picked from the key’s list by name and used; another is deleted after a confirmation naming it and leaves the list; every finetune call goes to the regional base', async ({ studio }) => {
  const { page, received, sent, harness } = studio;
  await openCanvas(page);
  await useModel(page, 'gen-2-klein-9b-kv-finetuned', 'create');
  const list = panel(page).getByRole('combobox', { name: 'Your finetunes' });
  // The Sandbox's demo finetunes, listed like any key's.
  await expect(list.locator('option')).toHaveText(['Pick one of your finetunes…', 'sandbox-demo-lora', 'sandbox-ink-lora']);

  await list.selectOption('sandbox-demo-lora');
  await expect(panel(page).getByLabel(/^Finetune name/)).toHaveValue('sandbox-demo-lora');
  // What finetune_details says of it.
  await expect(panel(page)).toContainText('write “TOK” in the prompt to call it');
  await panel(page).getByRole('slider', { name: /strength slider/i }).fill('1.5');
  await panel(page).getByRole('textbox', { name: /^Prompt/ }).fill('a portrait in my style');
  await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect.poll(() => at(received, '/v1/gen-2-klein-9b-kv-finetuned').length, { timeout: 30_000 }).toBe(1);
  expect(at(received, '/v1/gen-2-klein-9b-kv-finetuned')[0]!.body).toMatchObject({ prompt: 'a portrait in my style', finetune_id: 'sandbox-demo-lora', finetune_strength: 1.5 });

  // The other one, deleted: the confirmation names it; keeping changes nothing.
  await list.selectOption('sandbox-ink-lora');
  await panel(page).getByRole('button', { name: 'Delete the finetune sandbox-ink-lora…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete the finetune “sandbox-ink-lora”?' });
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Keep' }).click();
  expect(at(received, '/v1/delete_finetune')).toHaveLength(0);
  await panel(page).getByRole('button', { name: 'Delete the finetune sandbox-ink-lora…' }).click();
  await page.getByRole('alertdialog', { name: 'Delete the finetune “sandbox-ink-lora”?' }).getByRole('button', { name: 'Delete sandbox-ink-lora' }).click();
  await expect(list.locator('option')).toHaveText(['Pick one of your finetunes…', 'sandbox-demo-lora']);
  await expect(panel(page).getByRole('status').filter({ hasText: 'Deleted the finetune “sandbox-ink-lora”' })).toBeVisible();
  expect(at(received, '/v1/delete_finetune').map((r) => r.body)).toEqual([{ finetune_id: 'sandbox-ink-lora' }]);

  // Listed, described, used and deleted: every one of those calls on the regional base, none on the global one
  // (the Sandbox, like the service, serves them only there).
  const connections = await harness.dispatcher.dispatch('connections.list', undefined, { url: harness.url, isMainFrame: true });
  if (!connections.ok) throw new Error('no connections');
  const { baseUrl, regionalBaseUrl } = (connections.value as Array<{ active: boolean; baseUrl: string; regionalBaseUrl: string }>).find((c) => c.active)!;
  expect(regionalBaseUrl).not.toBe(baseUrl);
  const finetuneCalls = sent.filter((r) => /^\/v1\/(my_finetunes|finetune_details|delete_finetune|[\w.-]+-finetuned)$/.test(r.path));
  expect(new Set(finetuneCalls.map((r) => r.path))).toEqual(
    new Set(['/v1/my_finetunes', '/v1/finetune_details', '/v1/gen-2-klein-9b-kv-finetuned', '/v1/delete_finetune']),
  );
  expect(finetuneCalls.filter((r) => r.origin !== new URL(regionalBaseUrl).origin)).toEqual([]);
});
