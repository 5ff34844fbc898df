import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExifReader from 'exifreader';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import type { Page } from '@playwright/test';
import { openCanvas, useModel } from './canvasDriver';
import { expect, test } from './fixtures';
import { openReference } from './reference';
import { test as studioTest, type Received } from './studioFixture';

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
/** Drops a file on the app's main area as a file manager would, outside any drop target of its own. */
async function dropOnApp(page: Page, file: string, name: string, type: string): Promise<void> {
  const bytes = [...(await readFile(file))];
  await page.evaluate(
    ({ bytes, name, type }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      const target = document.querySelector('main')!;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { bytes, name, type },
  );
}

async function filesWithPrompt(dataDir: string, prompt: string): Promise<Buffer[]> {
  const dir = join(dataDir, 'library');
  const sidecars = (await readdir(dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  const files: Buffer[] = [];
  for (const name of sidecars) {
    const sidecar = JSON.parse(await readFile(join(dir, name), 'utf8')) as { fileName: string; params: { prompt?: string } };
    if (sidecar.params.prompt === prompt) files.push(await readFile(join(dir, sidecar.fileName)));
  }
  return files;
}

const card = (page: Page, name: RegExp) => page.getByRole('list', { name: 'Results' }).getByRole('button', { name });

/** The Dev submissions the Sandbox received with this prompt, as it received them. */
const devBodies = (received: Received[], prompt: string) => received.filter((r) => r.path === '/v1/gen-dev' && r.body.prompt === prompt).map((r) => r.body);

studioTest('find a result by its prompt, reuse its parameters, rerun its seed, use it as the picture', async ({ studio }) => {
  const app = studio;
  const { page, received } = studio;
  await generate(page, 'a lighthouse at dusk', 42);
  await generate(page, 'a red fox in snow', 7);
  await openGallery(page, 2);

  await page.getByRole('searchbox', { name: 'Search prompts' }).fill('lighthouse');
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(1);
  await card(page, /lighthouse/).dblclick();
  const full = page.getByRole('dialog', { name: 'Result' });
  await expect(full.getByRole('table', { name: 'Parameters' })).toContainText('a lighthouse at dusk');
  // Named as the form names them, not by the service's field names.
  await expect(full.getByRole('table', { name: 'Parameters' }).getByRole('rowheader', { name: 'Width', exact: true })).toBeVisible();
  await expect(full.getByRole('complementary', { name: 'Result details' })).toContainText('512 × 384');

  // Reuse: the form opens filled in; sent as it is, the sandbox makes the same picture from the same request.
  // The full view answers the card's shortcuts: S stars, S again unstars.
  await page.keyboard.press('s');
  await expect(full.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Unstar' })).toBeVisible();
  await page.keyboard.press('s');
  await expect(full.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Star', exact: true })).toBeVisible();
  await full.getByRole('button', { name: 'Reuse parameters' }).click();
  // The studio opens on Create with Dev, its form filled in.
  const panel = page.getByRole('region', { name: 'Generate' });
  await expect(panel).toHaveAttribute('data-endpoint', 'gen-dev');
  await expect(panel.getByRole('textbox', { name: /^Prompt/ })).toHaveValue('a lighthouse at dusk');
  await expect(await seedField(page)).toHaveValue('42');
  await panel.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Last run' })).toContainText(/Queued|Sending|Running|Saving|Done/);
  await page.getByRole('navigation').getByRole('button', { name: 'Gallery' }).click();
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill('');
  await openGallery(page, 3);
  await expect.poll(async () => (await filesWithPrompt(app.dataDir, 'a lighthouse at dusk')).length, { timeout: 20_000 }).toBe(2);
  const [first, reused] = await filesWithPrompt(app.dataDir, 'a lighthouse at dusk');
  expect(Buffer.compare(first!, reused!)).toBe(0);
  // Checked at the Sandbox: the reused request is the very request the first one was.
  const [sentFirst, sentReused] = devBodies(received, 'a lighthouse at dusk');
  expect(sentReused).toEqual(sentFirst);
  expect(sentFirst).toMatchObject({ prompt: 'a lighthouse at dusk', seed: 42, width: 512, height: 384 });

  // Rerun with the seed, from the right-click menu: the same bytes again.
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill('');
  await card(page, /lighthouse/).first().click({ button: 'right' });
  await page.getByRole('menu', { name: 'Result actions' }).getByRole('menuitem', { name: /Rerun with the same seed/ }).click();
  await openGallery(page, 4);
  await expect.poll(async () => (await filesWithPrompt(app.dataDir, 'a lighthouse at dusk')).length, { timeout: 20_000 }).toBe(3);
  for (const file of await filesWithPrompt(app.dataDir, 'a lighthouse at dusk')) expect(Buffer.compare(file, first!)).toBe(0);
  expect(devBodies(received, 'a lighthouse at dusk')[2]).toEqual(sentFirst);

  // Use as the canvas's picture.
  await card(page, /fox/).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Result actions' }).getByRole('menuitem', { name: 'Use as the picture' }).click();
  await expect(page.getByLabel('Image size')).toContainText('512 × 384 px');
});

test('a video result saves as MP4, the only format offered, with its parameters in the file’s tags', async ({ app }) => {
  test.skip(app.runner !== 'chromium', 'the system save dialog is answered by the Chromium runner’s desktop stand-in');
  test.setTimeout(120_000);
  const { page } = app;
  const sent = await page.evaluate(async () => {
    const r = await window.gen.tasks.submit({ endpointId: 'gen-3-video', params: { mode: 't2v', prompt: 'waves at night', duration: 1, resolution: 'hd', seed: 7 }, inputs: {} });
    return r.ok || r.error.message;
  });
  expect(sent).toBe(true);
  await page.getByRole('navigation').getByRole('button', { name: 'Gallery' }).click();
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(1, { timeout: 60_000 });

  await card(page, /waves at night/).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Result actions' });
  await expect(menu.getByRole('menuitem', { name: /^Copy picture/ })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: /Save as/ }).click();
  const dialog = page.getByRole('dialog', { name: /Save a copy/ });
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expect(dialog.getByRole('radio', { name: /MP4/ })).toBeChecked();
  await expect(dialog.getByLabel('Quality')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save…' }).click();
  await expect(page.getByRole('status').filter({ hasText: '.mp4, with its parameters inside' })).toBeVisible();

  const exports = join(app.dataDir, '.desktop', 'exports');
  const name = (await readdir(exports)).find((n) => n.endsWith('.mp4'))!;
  const input = new Input({ source: new BufferSource(await readFile(join(exports, name))), formats: ALL_FORMATS });
  expect((await input.getTracks()).map((t) => t.type)).toEqual(['video', 'audio']);
  const tags = await input.getMetadataTags();
  expect(tags.title).toBe('waves at night');
  expect(JSON.parse(tags.comment!)).toMatchObject({ prompt: 'waves at night', seed: 7, endpoint: { id: 'gen-3-video' } });
  input.dispose();

  // The library's own file carries them too.
  const filed = (await readdir(join(app.dataDir, 'library'))).find((n) => n.endsWith('.mp4'))!;
  const libraryInput = new Input({ source: new BufferSource(await readFile(join(app.dataDir, 'library', filed))), formats: ALL_FORMATS });
  expect(JSON.parse((await libraryInput.getMetadataTags()).comment!)).toMatchObject({ prompt: 'waves at night', seed: 7 });
  libraryInput.dispose();

  // The exported clip dropped back on the app offers its parameters, and restores them into the studio.
  await page.getByRole('navigation').getByRole('button', { name: 'Queue' }).click();
  await dropOnApp(page, join(exports, name), name, 'video/mp4');
  const restore = page.getByRole('dialog', { name: `Restore the parameters of ${name}?` });
  await expect(restore).toContainText('waves at night');
  await restore.getByRole('button', { name: 'Restore' }).click();
  const panel = page.getByRole('region', { name: 'Generate' });
  await expect(panel.getByRole('textbox', { name: /^Prompt/ })).toHaveValue('waves at night');
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
    // UserComment is written with the UNICODE character code (8 bytes), then UTF-16, big-endian as A1111 writes it.
    const comment = (tags.exif as Record<string, { value: number[] }>).UserComment!.value;
    expect(Buffer.from(comment.slice(8)).swap16().toString('utf16le')).toContain('Seed: 42');
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

  // A saved file dropped back in, anywhere on the app (here on the queue), offers its parameters in the gallery
  // and restores them into the form.
  await page.getByRole('navigation').getByRole('button', { name: 'Queue' }).click();
  const webp = (await readdir(exports)).find((n) => n.endsWith('.webp'))!;
  await dropOnApp(page, join(exports, webp), webp, 'image/webp');
  const restore = page.getByRole('dialog', { name: `Restore the parameters of ${webp}?` });
  await expect(restore).toContainText('a lighthouse at dusk');
  await restore.getByRole('button', { name: 'Restore' }).click();
  const panel = page.getByRole('region', { name: 'Generate' });
  await expect(panel.getByRole('textbox', { name: /^Prompt/ })).toHaveValue('a lighthouse at dusk');
  await expect(await seedField(page)).toHaveValue('42');
});

studioTest('variations of one Generate stack into one card; the gallery filters by project; more variations from a result', async ({ studio }) => {
  const { page, received } = studio;
  await openCanvas(page);
  await useModel(page, 'gen-dev', 'create');
  const panel = page.getByRole('region', { name: 'Generate' });
  await panel.getByRole('textbox', { name: /^Prompt/ }).fill('a harbour at noon');
  await panel.getByLabel('Variations').fill('3');
  await panel.getByRole('button', { name: 'Generate 3', exact: true }).click();
  const cards = await openGallery(page, 1);
  await expect(cards.first().getByRole('button', { name: 'Show the 3 variations' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem')).toHaveCount(1);

  // By project: the studio's project holds them; nothing was made outside it.
  const project = page.getByRole('combobox', { name: 'Project' });
  await expect(project.locator('option')).toHaveText(['Every project', 'Untitled project', 'Outside any project']);
  await project.selectOption({ label: 'Outside any project' });
  await expect(page.getByText('No result matches.')).toBeVisible();
  await project.selectOption({ label: 'Untitled project' });
  await expect(cards).toHaveCount(1);

  // The stack opens onto its three variations, and closes again.
  await cards.first().getByRole('button', { name: 'Show the 3 variations' }).click();
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('status', { name: 'Stack shown' })).toContainText('The 3 variations of one Generate.');
  const variationIds = await cards.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.result!));
  await page.getByRole('button', { name: 'Back to every result' }).click();
  await expect(cards).toHaveCount(1);

  // A finished task's notification, clicked, opens its result even when the filters hide it inside its stack.
  await project.selectOption({ label: 'Outside any project' });
  await expect(page.getByText('No result matches.')).toBeVisible();
  studio.harness.core.events.emit('library.openRequested', { resultId: variationIds.at(-1)! });
  const full = page.getByRole('dialog', { name: 'Result' });
  await expect(full).toContainText('3 of 3');
  await expect(full).toContainText('a harbour at noon');
  await expect(page.getByRole('status', { name: 'Stack shown' })).toContainText('The 3 variations of one Generate.');
  await page.keyboard.press('Escape');
  await expect(full).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to every result' }).click();
  await expect(cards).toHaveCount(1);

  // Four more from one result: one more stack, each sent with a new seed of its own.
  await cards.first().getByRole('button', { name: /harbour/ }).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Result actions' }).getByRole('menuitem', { name: /Make 4 variations/ }).click();
  await expect.poll(() => devBodies(received, 'a harbour at noon').length, { timeout: 30_000 }).toBe(7);
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('button', { name: 'Show the 4 variations' })).toBeVisible({ timeout: 30_000 });
  await expect(cards).toHaveCount(2);
  expect(new Set(devBodies(received, 'a harbour at noon').map((b) => b.seed)).size).toBe(7);
});
