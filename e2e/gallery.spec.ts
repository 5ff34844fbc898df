import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExifReader from 'exifreader';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openReference } from './reference';

/** The seed sits under Advanced. */
async function seedField(page: Page) {
  const panel = page.getByRole('region', { name: 'Generate' });
  await panel.locator('details').filter({ hasText: 'Advanced' }).first().evaluate((d: HTMLDetailsElement) => (d.open = true));
  return panel.getByLabel(/^Seed/);
}

/** Generates on Dev's form in the Help drawer's reference. */
async function generate(page: Page, prompt: string, seed: number, size = { width: 512, height: 384 }): Promise<void> {
  const drawer = await openReference(page, 'Dev');
  const panel = drawer.getByRole('region', { name: 'Generate' });
  await panel.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await panel.getByLabel('Width').fill(String(size.width));
  await panel.getByLabel('Height').fill(String(size.height));
  await (await seedField(page)).fill(String(seed));
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(panel.getByRole('status', { name: 'Last task' })).toContainText(/Queued|Sending|Running|Saving|Done/);
  // The reference is a drawer over the app: it steps aside for the gallery.
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
}

async function openGallery(page: Page, count: number) {
  await page.getByRole('navigation').getByRole('button', { name: 'Gallery' }).click();
  const cards = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
  await expect(cards).toHaveCount(count, { timeout: 30_000 });
  return cards;
}

/** The library files (bytes) of every result whose sidecar holds this prompt. */
async function filesWithPrompt(dataDir: string, prompt: string): Promise<Buffer[]> {
  const dir = join(dataDir, 'library');
  const sidecars = (await readdir(dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  const files: Buffer[] = [];
  for (const name of sidecars) {
    const sidecar = JSON.parse(await readFile(join(dir, name), 'utf8')) as { file: string; params: { prompt?: string } };
    if (sidecar.params.prompt === prompt) files.push(await readFile(join(dir, sidecar.file)));
  }
  return files;
}

const card = (page: Page, name: RegExp) => page.getByRole('list', { name: 'Results' }).getByRole('button', { name });

test('find a result by its prompt, reuse its parameters, rerun its seed, use it as the picture', async ({ app }) => {
  const { page } = app;
  await generate(page, 'a lighthouse at dusk', 42);
  await generate(page, 'a red fox in snow', 7);
  await openGallery(page, 2);

  await page.getByRole('searchbox', { name: 'Search prompts' }).fill('lighthouse');
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(1);
  await card(page, /lighthouse/).dblclick();
  const full = page.getByRole('dialog', { name: 'Result' });
  await expect(full.getByRole('table', { name: 'Parameters' })).toContainText('a lighthouse at dusk');
  await expect(full.getByRole('complementary', { name: 'Result details' })).toContainText('512 × 384');

  // Reuse: the form opens filled in; sent as it is, the sandbox makes the same picture from the same request.
  await full.getByRole('button', { name: 'Reuse parameters' }).click();
  const panel = page.getByRole('region', { name: 'Generate' });
  await expect(panel.getByRole('textbox', { name: 'Prompt' })).toHaveValue('a lighthouse at dusk');
  await expect(await seedField(page)).toHaveValue('42');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(panel.getByRole('status', { name: 'Last task' })).toContainText(/Queued|Sending|Running|Saving|Done/);
  // Dev's form opens in the Help drawer's reference; it steps aside for the gallery.
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill('');
  await openGallery(page, 3);
  await expect.poll(async () => (await filesWithPrompt(app.dataDir, 'a lighthouse at dusk')).length, { timeout: 20_000 }).toBe(2);
  const [first, reused] = await filesWithPrompt(app.dataDir, 'a lighthouse at dusk');
  expect(Buffer.compare(first!, reused!)).toBe(0);

  // Rerun with the seed, from the right-click menu: the same bytes again.
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill('');
  await card(page, /lighthouse/).first().click({ button: 'right' });
  await page.getByRole('menu', { name: 'Result actions' }).getByRole('menuitem', { name: /Rerun with the same seed/ }).click();
  await openGallery(page, 4);
  await expect.poll(async () => (await filesWithPrompt(app.dataDir, 'a lighthouse at dusk')).length, { timeout: 20_000 }).toBe(3);
  for (const file of await filesWithPrompt(app.dataDir, 'a lighthouse at dusk')) expect(Buffer.compare(file, first!)).toBe(0);

  // Use as the canvas's picture.
  await card(page, /fox/).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Result actions' }).getByRole('menuitem', { name: 'Use as the picture' }).click();
  await expect(page.getByLabel('Image size')).toContainText('512 × 384 px');
});

test('save as WebP and JPEG with the parameters inside; star and filter; delete and undo; drag out; drop back in', async ({ app }) => {
  test.skip(app.runner !== 'chromium', 'the system save dialog and native drag are checked through the Chromium runner’s desktop stand-in');
  const { page } = app;
  await generate(page, 'a lighthouse at dusk', 42);
  await generate(page, 'a red fox in snow', 7);
  await openGallery(page, 2);
  const exports = join(app.dataDir, '.desktop', 'exports');

  for (const [label, ext] of [['WebP', 'webp'], ['JPEG', 'jpg']] as const) {
    await card(page, /lighthouse/).click({ button: 'right' });
    await page.getByRole('menu', { name: 'Result actions' }).getByRole('menuitem', { name: /Save as/ }).click();
    const dialog = page.getByRole('dialog', { name: /Save a copy/ });
    await dialog.getByRole('radio', { name: label }).check();
    await dialog.getByRole('button', { name: 'Save…' }).click();
    await expect(page.getByRole('status').filter({ hasText: `.${ext}, with its parameters inside` })).toBeVisible();
    const name = (await readdir(exports)).find((n) => n.endsWith(`.${ext}`))!;
    const tags = ExifReader.load(await readFile(join(exports, name)), { expanded: true });
    const json = JSON.parse((tags.xmp as Record<string, { description: string }>).metadata!.description) as { prompt: string; seed: number; endpoint: { id: string } };
    expect(json).toMatchObject({ prompt: 'a lighthouse at dusk', seed: 42, endpoint: { id: 'gen-dev' } });
    expect((tags.exif as Record<string, { description: string }>).UserComment!.description).toContain('Seed: 42');
  }

  // Star, then show only starred results.
  await page.getByRole('button', { name: 'Star Dev' }).last().click({ force: true });
  await page.getByRole('combobox', { name: 'Status' }).selectOption('starred');
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('all');

  // Delete from the keyboard, and undo.
  await card(page, /fox/).click();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(2);

  // Dragging a card starts main's native drag with the library file.
  await card(page, /fox/).dragTo(page.getByRole('heading', { name: 'Gallery' }));
  const calls = async () =>
    (await readFile(join(app.dataDir, '.desktop', 'calls.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { call: string; file?: string; iconBytes?: number });
  await expect.poll(async () => (await calls()).filter((c) => c.call === 'startDrag').length).toBe(1);
  const drag = (await calls()).find((c) => c.call === 'startDrag')!;
  const foxFile = (await filesWithPrompt(app.dataDir, 'a red fox in snow'))[0]!;
  expect(Buffer.compare(await readFile(drag.file!), foxFile)).toBe(0);
  expect(drag.iconBytes).toBeGreaterThan(0);

  // A saved file dropped back in offers its parameters and restores them into the form.
  const webp = (await readdir(exports)).find((n) => n.endsWith('.webp'))!;
  const bytes = [...(await readFile(join(exports, webp)))];
  await page.evaluate(
    ({ bytes, name }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/webp' }));
      const target = document.querySelector('.gallery')!;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { bytes, name: webp },
  );
  const restore = page.getByRole('dialog', { name: `Restore the parameters of ${webp}?` });
  await expect(restore).toContainText('a lighthouse at dusk');
  await restore.getByRole('button', { name: 'Restore' }).click();
  const panel = page.getByRole('region', { name: 'Generate' });
  await expect(panel.getByRole('textbox', { name: 'Prompt' })).toHaveValue('a lighthouse at dusk');
  await expect(await seedField(page)).toHaveValue('42');
});
