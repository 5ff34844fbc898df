import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { openCanvas, useModel } from './canvasDriver';
import { launchChromium } from './harness/launch';
import { chooseRunner } from './harness/runner';

/** One submission the Sandbox received, with what it charged for it (the cost on its answer). */
interface Charged {
  readonly body: Record<string, unknown>;
  readonly cost: number;
}

/** The app on the Chromium runner with the core's fetch wrapped to keep every submission and its charge. */
const test = base.extend<{ app: { page: Page; charged: Charged[] } }>({
  app: async ({}, use, info) => {
    info.skip(chooseRunner() !== 'chromium', 'reads the Sandbox’s answers through the Node core, which the Chromium runner hosts');
    const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-e2e-reuse-count-'));
    const charged: Charged[] = [];
    const recording: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const answer = await fetch(input, init);
      if ((init?.method ?? 'GET') === 'POST' && url.pathname.startsWith('/v1/') && typeof init?.body === 'string' && answer.ok) {
        const reply = (await answer.clone().json().catch(() => null)) as { cost?: number } | null;
        charged.push({ body: JSON.parse(init.body) as Record<string, unknown>, cost: reply?.cost ?? 0 });
      }
      return answer;
    };
    const app = await launchChromium({ dataDir, deps: { fetch: recording, sandboxOptions: { timing: 'instant' } } });
    await use({ page: app.page, charged });
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});
const expect = test.expect;

const panel = (page: Page) => page.getByRole('region', { name: 'Generate' });
const variations = (page: Page) => panel(page).getByLabel('Variations');
const generateButton = (page: Page) => panel(page).getByRole('button', { name: /^(Generate|Generate \d)$/ });

test('reusing a single result makes one request on its seed, says the seed is the result’s, and New seed lets it go', async ({ app }) => {
  const { page, charged } = app;
  await openCanvas(page);
  await useModel(page, 'gen-dev', 'create');
  await panel(page).getByRole('textbox', { name: /^Prompt/ }).fill('a lighthouse at dusk');
  await generateButton(page).click();
  await expect.poll(() => charged.length, { timeout: 30_000 }).toBe(1);
  const single = charged[0]!;

  // Then four variations of something else: the panel holds 4 when the single result is reused.
  await panel(page).getByRole('textbox', { name: /^Prompt/ }).fill('four boats');
  await variations(page).fill('4');
  await variations(page).press('Enter');
  await expect(generateButton(page)).toHaveText(/^Generate 4/);
  await generateButton(page).click();
  await expect.poll(() => charged.length, { timeout: 30_000 }).toBe(5);

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Gallery' }).click();
  const cards = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
  await expect(cards).toHaveCount(2, { timeout: 60_000 });
  // Newest first: the single result is the last card.
  await cards.last().getByRole('button').first().click();
  await page.keyboard.press('p');
  await expect(page.getByRole('status', { name: 'Studio notice' })).toContainText('settings are back in the studio');

  // As many variations as that result's Generate made, and its seed said beside Generate, not only under Advanced.
  await expect(variations(page)).toHaveValue('1');
  await expect(generateButton(page)).toHaveText(/^Generate(?! \d)/);
  const seedControl = panel(page).getByRole('group', { name: 'Pinned seed' });
  await expect(seedControl).toBeVisible();
  await expect(seedControl).toContainText(`Seed ${String(single.body.seed)} from the result`);
  await page.screenshot({ path: 'out/reuse-seed-control.png' });

  await generateButton(page).click();
  // Once every variation of this Generate is done, all it sent has reached the Sandbox: exactly one more request.
  const lastRun = panel(page).getByRole('region', { name: 'Last run' }).getByRole('listitem');
  await expect(lastRun.first()).toContainText(`seed ${String(single.body.seed)}`, { timeout: 30_000 });
  await expect(lastRun.last()).toContainText('Done', { timeout: 30_000 });
  expect(await lastRun.count()).toBe(1);
  expect(charged).toHaveLength(6);
  expect(charged[5]!.body).toEqual(single.body);
  // Charged once, as the result was, not four times.
  expect(charged[5]!.cost).toBeCloseTo(single.cost, 6);

  // One click back to a new random seed: the next Generate sends a seed the service picks anew.
  await seedControl.getByRole('button', { name: 'New seed' }).click();
  await expect(seedControl).toHaveCount(0);
  await generateButton(page).click();
  await expect.poll(() => charged.length, { timeout: 30_000 }).toBe(7);
  expect(charged[6]!.body.prompt).toBe('a lighthouse at dusk');
  expect(charged[6]!.body.seed).not.toBe(single.body.seed);
});
