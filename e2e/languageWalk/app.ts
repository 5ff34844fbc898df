import { emptyDocument } from '../../src/shared/canvas/document';
import { expect } from '../fixtures';
import { openScreen, type LanguageArea } from './stops';

/** Start, Settings and the queue, with a finished picture (the queue and Spending), a project (Start) and a daily cap (the chart's cap line). */
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
        await expect(page.locator('li.task')).toHaveCount(1);
      },
    },
  ],
};
