import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import ExifReader from 'exifreader';
import sharp from 'sharp';
import { launchChromium, type LaunchedApp } from './harness/launch';
import { chooseRunner } from './harness/runner';
import { recordingFetch, type Received } from './studioFixture';

interface ExploreApp {
  readonly page: Page;
  readonly dataDir: string;
  readonly received: Received[];
  restart(): Promise<Page>;
}

/**
 * The app on the Chromium runner with every submission the Sandbox received noted. Dev tasks stay Pending a
 * moment on the Sandbox, so a Pause lands while cells are on their way.
 */
const test = base.extend<{ explore: ExploreApp }>({
  explore: async ({}, use, info) => {
    info.skip(chooseRunner() !== 'chromium', 'reads the requests through the Node core, which the Chromium runner hosts');
    const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-e2e-'));
    const received: Received[] = [];
    const launch = () => launchChromium({ dataDir, deps: { fetch: recordingFetch(received), sandboxOptions: { timing: 'instant', durations: { 'gen-dev': 1200 } } } });
    let app: LaunchedApp = await launch();
    await use({
      get page() {
        return app.page;
      },
      dataDir,
      received,
      restart: async () => {
        await app.close();
        app = await launch();
        return app.page;
      },
    });
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});

const MODELS = ['/v1/gen-dev', '/v1/gen-2-klein-4b'];
const submissions = (received: Received[]) => received.filter((r) => MODELS.includes(r.path));

async function openExplore(page: Page) {
  await page.getByRole('navigation').getByRole('button', { name: 'Explore' }).click();
  return page.getByRole('form', { name: 'Matrix' });
}

async function plan(page: Page, prompt: string, seeds: number) {
  const form = await openExplore(page);
  await form.getByLabel('Prompt').fill(prompt);
  await form.getByRole('checkbox', { name: 'Gen 2 Klein 4B', exact: true }).check();
  await form.getByLabel('Seeds', { exact: true }).fill(String(seeds));
  await form.getByLabel('Seeds', { exact: true }).press('Tab');
  await form.getByLabel('First seed').fill('100');
  await form.getByLabel('First seed').press('Tab');
  await form.getByRole('combobox', { name: 'Size' }).selectOption({ index: 1 });
  return form;
}

const sheet = (page: Page) => page.getByRole('table', { name: 'Contact sheet' });

test('a 2×2 prompt across 2 models with 2 seeds fills its 16-cell sheet; each cell’s request is the Sandbox’s; a cell opens, is starred; the sheet is exported with its labels and the matrix', async ({ explore }) => {
  test.setTimeout(240_000);
  const { page, received } = explore;
  const form = await plan(page, 'a {red|blue} fox in {snow|fog}', 2);
  await expect(form.getByRole('status', { name: 'Matrix size and price' })).toContainText('4 × 4 = 16 pictures');
  // The plan shows every cell before anything is sent.
  await expect(sheet(page).getByRole('img')).toHaveCount(16);
  await expect(sheet(page).getByRole('columnheader')).toHaveText(['Devseed 100', 'Devseed 101', 'Gen 2 Klein 4Bseed 100', 'Gen 2 Klein 4Bseed 101']);
  await expect(sheet(page).getByRole('rowheader')).toHaveText(['red · snow', 'red · fog', 'blue · snow', 'blue · fog']);
  await page.screenshot({ path: test.info().outputPath('explore-plan.png') });
  expect(submissions(received)).toHaveLength(0);

  await form.getByRole('button', { name: 'Generate 16 pictures' }).click();
  const progress = page.getByRole('status', { name: 'Progress' });
  await expect(progress).toContainText(/Making/);
  await page.screenshot({ path: test.info().outputPath('explore-filling.png') });
  await expect(progress).toContainText('Finished: 16 of 16 made', { timeout: 90_000 });
  await expect(sheet(page).getByRole('button', { name: /: Done, [\d.]+ credits? · [\d.]+ s$/ })).toHaveCount(16);
  await page.screenshot({ path: test.info().outputPath('explore-sheet.png') });

  // Each cell's request, as the Sandbox received it: its model, its reading of the prompt, its seed, the size.
  const sent = submissions(received);
  expect(sent).toHaveLength(16);
  const expected = ['red fox in snow', 'red fox in fog', 'blue fox in snow', 'blue fox in fog'].flatMap((p) =>
    MODELS.flatMap((path) => [100, 101].map((seed) => `${path} a ${p} ${seed} 512x512`)),
  );
  expect(sent.map((r) => `${r.path} ${String(r.body.prompt)} ${String(r.body.seed)} ${String(r.body.width)}x${String(r.body.height)}`).sort()).toEqual(expected.sort());

  // A cell opens in the full view, and is starred there.
  await sheet(page).getByRole('button', { name: /^blue · fog, Gen 2 Klein 4B · seed 101: Done/ }).click();
  const full = page.getByRole('dialog', { name: 'Result' });
  await expect(full.getByRole('table', { name: 'Parameters' })).toContainText('a blue fox in fog');
  await full.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Star' }).click();
  await expect(full.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Unstar' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('explore-cell.png') });
  await page.keyboard.press('Escape');
  await expect(full).toHaveCount(0);

  // The sheet as one PNG: labels drawn in its margins, the matrix in its metadata.
  await page.getByRole('button', { name: 'Export sheet…' }).click();
  // Drawing the sheet composes 16 pictures in main: seconds on a busy machine.
  await expect(page.getByRole('status').filter({ hasText: 'Saved the sheet as' })).toBeVisible({ timeout: 60_000 });
  const exports = join(explore.dataDir, '.desktop', 'exports');
  const [name] = await readdir(exports);
  const png = await readFile(join(exports, name!));
  const text = ExifReader.load(png, { expanded: true }).pngText as Record<string, { description: string }>;
  const matrix = JSON.parse(text.GenStudioMatrix!.description) as { rows: string[]; columns: string[]; cells: Array<{ resultId: string | null; params: { prompt: string } }> };
  expect(matrix.rows).toEqual(['red · snow', 'red · fog', 'blue · snow', 'blue · fog']);
  expect(matrix.columns).toEqual(['Dev · seed 100', 'Dev · seed 101', 'Gen 2 Klein 4B · seed 100', 'Gen 2 Klein 4B · seed 101']);
  expect(matrix.cells.filter((c) => c.resultId)).toHaveLength(16);
  // The labels are ink on the sheet: the row-label margin and the column-label band are not blank beside each row and column.
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const inked = (x0: number, y0: number, w: number, h: number) => {
    let dark = 0;
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (data[(y * info.width + x) * 3]! < 128) dark++;
    return dark;
  };
  for (let r = 0; r < 4; r++) expect(inked(12, 112 + r * 290, 200, 24), `row ${r} label`).toBeGreaterThan(20);
  for (let c = 0; c < 4; c++) expect(inked(232 + c * 268, 40, 240, 24), `column ${c} label`).toBeGreaterThan(20);
  await writeFile(test.info().outputPath('explore-export.png'), png);
});

test('a cap refuses a matrix whose total crosses it, before anything is sent', async ({ explore }) => {
  test.setTimeout(90_000);
  const { page, received } = explore;
  // One picture per model first, so each has a price.
  const form = await plan(page, 'a {small|big} kite', 1);
  await form.getByRole('button', { name: 'Generate 4 pictures' }).click();
  await expect(page.getByRole('status', { name: 'Progress' })).toContainText('Finished: 4 of 4 made', { timeout: 60_000 });
  const spent = submissions(received).length;

  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  const caps = page.getByRole('form', { name: 'Spending caps' });
  await caps.getByLabel('Daily cap (credits)').fill('10');
  await caps.getByRole('button', { name: 'Save caps' }).click();
  await expect(page.getByRole('table', { name: 'Spending' })).toContainText('10 credits');

  await openExplore(page);
  await page.getByRole('button', { name: 'New matrix' }).click();
  const again = await plan(page, 'a {red|blue} fox in {snow|fog}', 2);
  await expect(again.getByRole('alert')).toContainText(/^Not sent: these 16 pictures, about [\d.]+ credits, would cross your daily cap of 10 credits/);
  await expect(again.getByRole('button', { name: 'Generate 16 pictures' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('explore-cap.png') });
  expect(submissions(received)).toHaveLength(spent);
});

test('Pause stops new sends; Resume finishes the matrix; a restart keeps it with its results', async ({ explore }) => {
  test.setTimeout(300_000);
  const { received } = explore;
  let page = explore.page;
  const form = await plan(page, 'a {red|blue|green|grey|gold} fox in {snow|fog}', 2);
  await expect(form.getByRole('status', { name: 'Matrix size and price' })).toContainText('10 × 4 = 40 pictures');
  await form.getByRole('button', { name: 'Generate 40 pictures' }).click();
  // Paused once the engine was handed cells it has not sent yet (it is handed 32 ahead, and sends a few at once).
  await expect.poll(async () => sheet(page).getByRole('img', { name: /: In line,/ }).count(), { timeout: 30_000 }).toBeGreaterThan(8);
  await page.getByRole('button', { name: 'Pause' }).click();
  const progress = page.getByRole('status', { name: 'Progress' });
  await expect(progress).toContainText('Paused');
  // The heading says how many went and how many are held; the Sandbox received exactly those that went.
  const [, went, held] = /(\d+) sent · (\d+) held/.exec((await progress.textContent()) ?? '') ?? [];
  expect(Number(went) + Number(held)).toBe(40);
  // What was on its way finishes; nothing more goes, not even the cells already in the engine's queue.
  await expect.poll(async () => sheet(page).getByRole('img', { name: /: (In line|Sending|Making|Saving),/ }).count(), { timeout: 60_000 }).toBe(0);
  const sentWhilePaused = submissions(received).length;
  expect(sentWhilePaused).toBe(Number(went));
  expect(sentWhilePaused).toBeLessThan(32);
  await expect(sheet(page).getByRole('img', { name: /: Held,/ })).toHaveCount(40 - sentWhilePaused);
  await page.waitForTimeout(1500);
  expect(submissions(received)).toHaveLength(sentWhilePaused);
  await page.screenshot({ path: test.info().outputPath('explore-paused.png') });
  // Held cells stay held across a restart.
  page = await explore.restart();
  await openExplore(page);
  await page.getByRole('region', { name: 'Saved matrices' }).getByRole('button', { name: /a \{red/ }).first().click();
  await expect(page.getByRole('status', { name: 'Progress' })).toContainText('Paused');
  expect(submissions(received)).toHaveLength(sentWhilePaused);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('status', { name: 'Progress' })).toContainText('Finished: 40 of 40 made', { timeout: 240_000 });
  const sent = submissions(received);
  expect(sent).toHaveLength(40);
  expect(new Set(sent.map((r) => `${r.path} ${String(r.body.prompt)} ${String(r.body.seed)}`)).size).toBe(40);
});

// Issue 31, point 1: three matrices once left "119 to review" in the studio, 104 of them Explore cells and 24
// "Cancelled" tiles. A matrix's cells live on its sheet and in the gallery; the strip holds the studio's Generates.
test('a matrix run for the open project leaves the studio’s strip to the studio’s own Generates; the gallery has both', async ({ explore }) => {
  test.setTimeout(180_000);
  const { page } = explore;
  await page.getByRole('navigation').getByRole('button', { name: 'Studio' }).click();
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  const generate = page.getByRole('region', { name: 'Generate' });
  await generate.getByRole('radio', { name: 'Create', exact: true }).click();
  await generate.getByRole('textbox', { name: /^Prompt/ }).fill('a lighthouse at dusk');
  await generate.getByRole('button', { name: 'Generate', exact: true }).click();
  const strip = page.getByRole('region', { name: 'Results strip' });
  const tiles = strip.getByRole('listbox', { name: 'Results' }).getByRole('option');
  await expect(tiles.first()).toHaveAccessibleName(/Ready/, { timeout: 60_000 });
  const own = await tiles.count();

  const form = await plan(page, 'a {red|blue} kite', 1);
  await expect(page.getByText(/Saved with “/)).toBeVisible();
  await form.getByRole('button', { name: 'Generate 4 pictures' }).click();
  await expect(page.getByRole('status', { name: 'Progress' })).toContainText('Finished: 4 of 4 made', { timeout: 60_000 });

  await page.getByRole('navigation').getByRole('button', { name: 'Studio' }).click();
  await expect(strip.getByRole('heading')).toContainText(`${own} to review`);
  await expect(tiles).toHaveCount(own);
  for (const name of await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))) expect(name).not.toMatch(/kite|Klein/);
  await page.screenshot({ path: test.info().outputPath('strip-after-explore.png') });

  // The cells are still the gallery's, filed with the project.
  await page.getByRole('navigation').getByRole('button', { name: 'Gallery' }).click();
  await expect(page.locator('.gallery-header')).toContainText(`${own + 4} results`);
});

test('why Generate waits stays in view beside it at 1280×720 in Japanese, however long the form, and Generate names it', async ({ explore }) => {
  const { page } = explore;
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.evaluate(() => window.gen.settings.update({ language: 'ja' }));
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.locator('nav [data-screen="explore"]').click();
  const form = page.locator('form.tool-form');
  await form.locator('textarea').fill('a {red|blue fox');
  // Every model ticked: the longest the form grows.
  for (const box of await form.locator('.tool-choices input[type="checkbox"]').all()) await box.check();
  await page.locator('.tool-side').evaluate((el) => el.scrollTo(0, 0));
  const problem = form.locator('.tool-summary .tool-problem');
  await expect(problem).toBeVisible();
  const box = (await problem.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(720);
  const generate = form.locator('button[type="submit"]');
  await expect(generate).toBeDisabled();
  await expect(generate).toHaveAccessibleDescription(new RegExp((await problem.textContent())!.slice(0, 12).replace(/[{}|()[\]]/g, '\\$&')));
  await page.screenshot({ path: test.info().outputPath('explore-problem-ja.png') });
});
