import { emptyDocument } from '../../src/shared/canvas/document';
import { expect } from '../fixtures';
import { openScreen, type LanguageArea } from './stops';

/**
 * Start, Settings and the queue, with a finished picture (the queue and Spending), a project (Start), a daily cap
 * (the chart's cap line), and main's words: a key the service refuses (its test in Settings) and a task it refused
 * for that key (its error in the queue).
 */
export const APP: LanguageArea = {
  name: 'Start, Settings and the queue',
  async setup(page) {
    // Typed as the call takes it inside the page; the document's full type is too deep for evaluate's argument.
    const document: unknown = emptyDocument('gen-dev');
    await page.evaluate(async (document) => {
      await window.gen.projects.create({ name: 'Harbour at dusk', document: document as never });
      await window.gen.tasks.submit({ endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk', seed: 7, width: 256, height: 256 }, inputs: {} });
      await window.gen.spending.setCaps({ keyId: 'sandbox', caps: { day: 40, week: 100, month: 300 } });
    }, document);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const listed = await window.gen.tasks.list();
            return listed.ok ? listed.value[0]?.state : undefined;
          }),
        { timeout: 60_000 },
      )
      .toBe('done');
    // A key the service does not know, on a connection of its own to the built-in Sandbox: a task sent with it is
    // refused, then the Sandbox is the active connection again, as the other stops expect.
    await page.evaluate(async () => {
      const sandbox = await window.gen.connections.active();
      if (!sandbox.ok || !sandbox.value.baseUrl) throw new Error('the built-in Sandbox has no address');
      const connection = { label: 'Elsewhere', baseUrl: sandbox.value.baseUrl, regionalBaseUrl: null, endpointWord: sandbox.value.endpointWord };
      const added = await window.gen.keys.add({ label: 'Refused key', organization: '', project: '', secret: 'sk-not-known-anywhere-0000', connection: { create: connection }, sessionOnly: true });
      if (!added.ok) throw new Error(added.error.message);
      await window.gen.keys.activate({ id: added.value.id });
      await window.gen.tasks.submit({ endpointId: 'gen-dev', params: { prompt: 'a refused lighthouse', seed: 8, width: 256, height: 256 }, inputs: {} });
      await window.gen.connections.activate({ id: sandbox.value.id });
    });
    await expect
      .poll(async () => page.evaluate(async () => {
        const listed = await window.gen.tasks.list();
        return listed.ok ? listed.value.map((t) => t.state).sort() : [];
      }), { timeout: 60_000 })
      .toEqual(['done', 'failed']);
  },
  stops: [
    {
      name: 'Start',
      async go(page) {
        await openScreen(page, 'home');
        await expect(page.locator('.recent-card')).toHaveCount(1);
      },
    },
    {
      name: 'Settings',
      async go(page) {
        await openScreen(page, 'settings');
        await expect(page.locator('.spending-chart').first()).toBeVisible();
      },
    },
    {
      name: 'the queue',
      async go(page) {
        await openScreen(page, 'queue');
        await expect(page.locator('li.task')).toHaveCount(2);
      },
    },
    {
      name: 'a refused key’s test',
      async go(page) {
        await openScreen(page, 'settings');
        const row = page.locator('li.key-row').filter({ hasText: 'Refused key' });
        await row.locator('.key-actions button').first().click();
        await expect(row.locator('p.inline-error[role="status"]')).toBeVisible();
      },
    },
    {
      name: 'a refused task',
      async go(page) {
        await openScreen(page, 'queue');
        await expect(page.locator('li.task-failed .task-error')).toBeVisible();
      },
    },
  ],
};
