import type { Page } from '@playwright/test';
import { eventChannel } from '../../src/shared/ipc/define';
import { expect } from '../fixtures';
import { openScreen, type LanguageArea } from './stops';

const cards = (page: Page) => page.locator('.gallery-card');

/**
 * Results for the gallery, made once (each language's pass starts from the grid): two pictures, one of them a stack of
 * two variations of one Generate, so the cards show a plain result and a stack.
 */
async function makeResults(page: Page): Promise<void> {
  const made = await page.evaluate(async () => {
    const listed = await window.gen.library.page({ offset: 0, limit: 1 });
    if (listed.ok && listed.value.all > 0) return true;
    const one = await window.gen.tasks.submit({ endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk', seed: 7, width: 256, height: 256 }, inputs: {} });
    const two = await window.gen.tasks.submitGroup({ request: { endpointId: 'gen-dev', params: { prompt: 'a harbour at noon', width: 256, height: 256 }, inputs: {} }, count: 2, projectId: null });
    return one.ok && two.ok;
  });
  expect(made).toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const listed = await window.gen.library.page({ offset: 0, limit: 10 });
          return listed.ok ? listed.value.all : 0;
        }),
      { timeout: 60_000 },
    )
    .toBe(3);
}

/** A card's menu, a full view or a dialog left open by the stop before covers the rail until it is dismissed. */
async function closeOverlays(page: Page): Promise<void> {
  if (await page.locator('.menu-backdrop').isVisible()) await page.locator('.menu-backdrop').click();
  if (await page.locator('.full-view').isVisible()) await page.keyboard.press('Escape');
  if (await page.locator('.gallery-dialog').isVisible()) await page.locator('.gallery-dialog .dialog-actions .button:not(.primary)').click();
  await expect(page.locator('.full-view, .menu-backdrop, .gallery-dialog')).toHaveCount(0);
}

/** The gallery with its results shown, nothing chosen, open or filtered. */
async function gallery(page: Page): Promise<void> {
  await makeResults(page);
  await closeOverlays(page);
  await openScreen(page, 'home');
  await openScreen(page, 'library');
  await expect(cards(page)).toHaveCount(2);
}

/** The gallery, its full view (every action, the parameters' names included), the Help drawer and notices. */
export const GALLERY: LanguageArea = {
  name: 'The gallery, its full view, the Help drawer and notices',
  stops: [
    {
      name: 'the empty gallery',
      async go(page) {
        // A stack shows one of its results at a time: each round deletes those shown, until none is left.
        await page.evaluate(async () => {
          for (let round = 0; round < 10; round++) {
            const listed = await window.gen.library.page({ offset: 0, limit: 100 });
            if (!listed.ok || listed.value.items.length === 0) return;
            for (const item of listed.value.items) await window.gen.library.trash({ id: item.id });
          }
        });
        await openScreen(page, 'home');
        await openScreen(page, 'library');
        await expect(page.locator('.gallery .empty')).toBeVisible();
      },
    },
    {
      name: 'the gallery with results',
      go: gallery,
    },
    {
      name: 'the gallery filtered, a stack open',
      async go(page) {
        await gallery(page);
        await page.locator('.gallery-filters select').nth(4).selectOption('kept');
        await page.locator('.gallery-stack').click();
        await expect(page.locator('.gallery-group-bar')).toBeVisible();
        await expect(cards(page)).toHaveCount(2);
      },
    },
    {
      name: 'a result’s menu',
      async go(page) {
        await gallery(page);
        await cards(page).first().locator('.gallery-card-open').click({ button: 'right' });
        await expect(page.locator('.context-menu')).toBeVisible();
      },
    },
    {
      name: 'the pick bar with picks',
      async go(page) {
        await gallery(page);
        for (const i of [0, 1]) await cards(page).nth(i).locator('.gallery-card-open').click({ modifiers: ['ControlOrMeta'] });
        await expect(page.locator('.gallery-pick-bar')).toBeVisible();
      },
    },
    {
      name: 'the full view with its details',
      async go(page) {
        await gallery(page);
        await cards(page).first().locator('.gallery-card-open').dblclick();
        await expect(page.locator('.full-view .full-details')).toBeVisible();
      },
    },
    {
      name: 'the Save as dialog',
      async go(page) {
        await gallery(page);
        await cards(page).first().locator('.gallery-card-open').click({ button: 'right' });
        await page.locator('.context-menu [data-action="save"] button').click();
        await expect(page.locator('.gallery-dialog form')).toBeVisible();
      },
    },
    {
      name: 'the Restore dialog',
      async go(page) {
        await gallery(page);
        // A result's own file dropped back on the gallery, as a file manager would drop it: it says how it was made.
        await page.evaluate(async () => {
          const listed = await window.gen.library.page({ offset: 0, limit: 1 });
          const item = listed.ok ? listed.value.items[0] : undefined;
          if (!item) return;
          const bytes = await (await fetch(item.url)).arrayBuffer();
          const transfer = new DataTransfer();
          transfer.items.add(new File([bytes], item.fileName, { type: 'image/png' }));
          const target = document.querySelector('.gallery')!;
          target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
          target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        });
        await expect(page.locator('.gallery-dialog [role="dialog"]')).toBeVisible();
      },
    },
    {
      name: 'the Help drawer with a model’s details',
      async go(page) {
        await closeOverlays(page);
        await openScreen(page, 'home');
        await page.locator('.help-button').click();
        await page.locator('.help-drawer .endpoint-card[data-endpoint="gen-dev"] .endpoint-title').click();
        await expect(page.locator('.endpoint-details')).toBeVisible();
      },
    },
    {
      name: 'the notices area with a notice',
      async go(page) {
        await page.keyboard.press('Escape');
        // A notice as main sends one (its words are main's, marked as such); the browser harness delivers it.
        // The Electron runner has no harness to deliver one: there the stop checks the screen without it.
        const delivered = await page.evaluate((channel) => {
          const deliver = (window as unknown as { __genDeliver?: (channel: string, payload: unknown) => void }).__genDeliver;
          deliver?.(channel, JSON.stringify({ id: `walk-${Date.now()}`, level: 'warning', message: 'A project could not be read and was set aside.', at: Date.now() }));
          return deliver !== undefined;
        }, eventChannel('app.notice'));
        if (delivered) await expect(page.locator('.notices .notice').first()).toBeVisible();
      },
    },
  ],
};
