import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Locator, type Page } from '@playwright/test';
import { REQUEST_MODERATION_WORDS } from '../src/main/sandbox/moderation';
import { INTENTS, intentModels, type Intent } from '../src/shared/studio/intents';
import type { EndpointSpec } from '../src/shared/catalog/endpoint';
import { dragImage, openCanvas, openPicture, png, settle, shortcut } from './canvasDriver';
import { launchChromium } from './harness/launch';
import { chooseRunner } from './harness/runner';

/** What the Sandbox answered to one submission, and the cost it settled a video at when it did. */
interface Charge {
  readonly path: string;
  readonly id: string;
  readonly cost: number | null;
}

/**
 * The app on the Chromium runner with the Sandbox answering at once (no demo pauses), and the core's fetch
 * wrapped to keep what the Sandbox charged: the cost on each submit answer and the settled cost on a video's
 * final polling answer. The estimate shown is checked against these, the Sandbox's own figures, never against
 * the app's ledger.
 */
const test = base.extend<{ app: { page: Page; charges: Charge[]; settled: Map<string, number> } }>({
  app: async ({}, use, info) => {
    info.skip(chooseRunner() !== 'chromium', 'reads the Sandbox’s answers through the Node core, which the Chromium runner hosts');
    const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-e2e-prices-'));
    const charges: Charge[] = [];
    const settled = new Map<string, number>();
    const recording: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const answer = await fetch(input, init);
      const method = init?.method ?? 'GET';
      if (answer.ok && url.pathname.startsWith('/v1/')) {
        const body = (await answer.clone().json().catch(() => null)) as { id?: string; cost?: number | null; status?: string } | null;
        if (method === 'POST' && body?.id) charges.push({ path: url.pathname, id: body.id, cost: body.cost ?? null });
        const id = url.searchParams.get('id');
        if (method === 'GET' && id && body?.status === 'Ready' && typeof body.cost === 'number') settled.set(id, body.cost);
      }
      return answer;
    };
    const app = await launchChromium({ dataDir, deps: { fetch: recording, sandboxOptions: { timing: 'instant' } } });
    await use({ page: app.page, charges, settled });
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});
const expect = test.expect;

const panel = (page: Page) => page.getByRole('region', { name: 'Generate' });
const strip = (page: Page) => page.getByRole('region', { name: 'Results strip' });

const TABLE_FILE = join('out', 'prices-table.md');

/** Writes the walk's table (shown against charged, per intent × model) to out/ and gives it back. */
async function writeTable(rows: readonly string[]): Promise<string> {
  const table = ['| Intent | Model | Shown, 1st run | Charged, 1st | Shown, 2nd run | Charged, 2nd |', '|---|---|---|---|---|---|', ...rows].join('\n');
  await mkdir('out', { recursive: true });
  await writeFile(TABLE_FILE, `${table}\n`);
  return table;
}

/** The estimate line once it answers for what is on screen now: its figure, its basis and its words. */
async function shownEstimate(line: Locator, basis?: string): Promise<{ cost: number | null; basis: string; text: string }> {
  if (basis) await expect(line).toHaveAttribute('data-basis', basis, { timeout: 60_000 });
  else await expect(line).not.toHaveAttribute('data-basis', '', { timeout: 30_000 });
  const cost = await line.getAttribute('data-cost');
  return { cost: cost ? Number(cost) : null, basis: (await line.getAttribute('data-basis'))!, text: (await line.textContent())! };
}

/** The intent's inputs as an artist sets them: words, a finetune, a margin, a short clip. */
async function prepare(page: Page, intent: Intent, model: EndpointSpec): Promise<void> {
  const p = panel(page);
  if (intent.models.length > 1) await p.getByRole('combobox', { name: 'Model' }).selectOption(model.id);
  await expect(p).toHaveAttribute('data-endpoint', model.id);
  const prompt = p.getByRole('textbox', { name: /^Prompt/ });
  if ((await prompt.count()) > 0 && (await prompt.first().inputValue()) === '') await prompt.first().fill('a harbour at dawn');
  if (model.finetuneOf) await p.getByRole('combobox', { name: 'Your finetunes' }).selectOption('sandbox-demo-lora');
  if (intent.id === 'expand') await page.getByLabel('right margin').fill('80');
  if (intent.id === 'outpaint' && (await page.getByLabel('Frame width').count()) === 0) {
    await page.getByRole('button', { name: 'Add a frame around the picture' }).click();
    await page.getByLabel('Frame width').fill('1280');
    await page.getByLabel('Frame width').press('Tab');
  }
  if (intent.id === 'video') {
    await p.getByRole('radio', { name: 'From text' }).click();
    await p.getByLabel('Length in seconds').fill('2');
    await p.getByLabel('Length in seconds').press('Tab');
  }
}

/** Presses Generate (or Upscale) and waits for what the Sandbox charged for it: a video's settled cost, else its quote. */
async function run(page: Page, app: { charges: Charge[]; settled: Map<string, number> }, upscale: boolean): Promise<number> {
  const before = app.charges.length;
  await panel(page)
    .getByRole('button', { name: upscale ? 'Upscale' : 'Generate', exact: true })
    .click();
  const notice = panel(page).getByRole('alert', { name: 'Studio notice' });
  await expect
    .poll(async () => app.charges.length > before || ((await notice.count()) > 0 ? await notice.textContent() : 'waiting'), { timeout: 30_000 })
    .toBe(true);
  const charge = app.charges[before]!;
  const long = charge.path.includes('video');
  if (long) await expect.poll(() => app.settled.has(charge.id), { timeout: 120_000 }).toBe(true);
  return long ? app.settled.get(charge.id)! : charge.cost!;
}

const off = (shown: number, charged: number) => Math.abs(shown - charged) / charged;

test('every intent × model shows, before Generate, its own price at this size with these inputs: within 25% of what the Sandbox charges on the first run, within 10% once this key has one run', async ({ app }) => {
  // Every model twice: some 56 runs, each waited for.
  test.setTimeout(900_000);
  const { page } = app;
  const canvas = await openCanvas(page);
  // A picture and a reference for the models that change one, and a painted mask for those that repaint.
  await openPicture(page, await png(1024, 768, '#3a6ea5'));
  await panel(page).getByRole('radio', { name: 'Edit with references', exact: true }).click();
  await page.getByLabel('Add references from files').setInputFiles({ name: 'coat.png', mimeType: 'image/png', buffer: await png(640, 640, '#aa3322') }, { timeout: 15_000 });
  await expect(page.getByRole('listitem', { name: 'Reference 1: coat.png' })).toBeVisible();
  await panel(page).getByRole('radio', { name: 'Inpaint', exact: true }).click();
  await shortcut(canvas, 'Control+1');
  await shortcut(canvas, 'r');
  await dragImage(page, canvas, [[100, 100], [300, 250]]);
  await settle(page);

  const rows: string[] = [];
  for (const intent of INTENTS) {
    await panel(page).getByRole('radio', { name: intent.label, exact: true }).click();
    for (const model of intentModels(intent)) {
      const upscale = intent.id === 'upscale-video';
      if (upscale) {
        // The clip the video intent just made, sent on from the strip.
        const tile = strip(page).getByRole('listbox', { name: 'Results' }).getByRole('option', { name: /^Gen 3 Video (draft|final) · .*: Ready( · .*)?$/ }).first();
        await tile.click();
        await strip(page).getByRole('button', { name: 'Upscale…' }).click();
        await expect(panel(page).getByLabel('Clip facts')).toBeVisible();
      } else await prepare(page, intent, model);
      const line = panel(page).getByLabel('Estimated cost');
      const what = `${intent.label} × ${model.title}`;

      const first = await shownEstimate(line);
      const charged1 = await run(page, app, upscale);
      // A model this key has run already (a generator's Create runs, when it edits) is priced from those runs.
      if (first.basis === 'unknown') expect(first.text, what).toBe('Price unknown until sent');
      else if (first.basis === 'runs') {
        expect(first.text, what).toMatch(/from your last (run|\d+ runs) of this model/);
        expect(off(first.cost!, charged1), `${what}: ${first.cost} shown, ${charged1} charged`).toBeLessThanOrEqual(0.1);
      } else {
        expect(first.basis, what).toBe('list');
        expect(first.text, what).toContain('from the public price list');
        expect(off(first.cost!, charged1), `${what}: ${first.cost} shown, ${charged1} charged`).toBeLessThanOrEqual(0.25);
      }

      // The run just made counts: the line says so once it has been asked again.
      await expect(line).not.toHaveText(first.text, { timeout: 60_000 });
      const second = await shownEstimate(line, 'runs');
      expect(second.text, what).toMatch(/from your last (run|\d+ runs) of this model/);
      const charged2 = await run(page, app, upscale);
      expect(off(second.cost!, charged2), `${what}: ${second.cost} shown, ${charged2} charged`).toBeLessThanOrEqual(0.1);
      // What the Last run line says it cost is the service's figure.
      if (!upscale) await expect(page.getByRole('region', { name: 'Last run' }).getByLabel('Charged')).toContainText(String(charged2));
      rows.push(`| ${intent.label} | ${model.title} | ${first.cost ?? '—'} (${first.text.replace(/^.*, from /, 'from ')}) | ${charged1} | ${second.cost} (${second.text.replace(/^.*, from /, 'from ')}) | ${charged2} |`);
      // The figures as measured, row by row, so a walk that stops half-way still leaves what it saw.
      await writeTable(rows);
      if (upscale) await expect(panel(page).getByLabel('Estimated cost')).toBeVisible();
    }
  }
  console.log(await writeTable(rows));
  expect(rows.length).toBe(INTENTS.reduce((n, i) => n + intentModels(i).length, 0));
});

test('a moderated run says “not charged” on its Last run line, and teaches the estimate nothing', async ({ app }) => {
  const { page } = app;
  await openCanvas(page);
  await panel(page).getByRole('radio', { name: 'Create', exact: true }).click();
  const word = Object.keys(REQUEST_MODERATION_WORDS)[0]!;
  await panel(page).getByRole('textbox', { name: /^Prompt/ }).fill(`a ${word} scene`);
  const line = panel(page).getByLabel('Estimated cost');
  expect((await shownEstimate(line)).basis).toBe('list');
  await panel(page).getByRole('button', { name: 'Generate', exact: true }).click();
  const lastRun = page.getByRole('region', { name: 'Last run' });
  await expect(lastRun.getByRole('listitem')).toContainText('Moderated', { timeout: 30_000 });
  await expect(lastRun.getByLabel('Charged')).toHaveText(/^not charged$/i);
  await expect(lastRun).not.toContainText(/\d+(\.\d+)? credits?/);
  // Nothing was charged, so the public list still speaks for the model.
  expect((await shownEstimate(line)).basis).toBe('list');
});
