import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import ExifReader from 'exifreader';
import sharp from 'sharp';
import { pngTextChunk, withPngText } from '../src/main/core/library/metadata/containers';
import { launchChromium } from './harness/launch';
import { recordingFetch, type Received } from './studioFixture';
import { sendRequest } from './contractSteps';

// The instant Sandbox: the batch's pacing is the engine's, not the demo Sandbox's seconds per task.
const test = base.extend<{ page: Page }>({
  page: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-batch-'));
    const app = await launchChromium({ dataDir, deps: { sandboxOptions: { timing: 'instant' } } });
    await use(app.page);
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});
const expect = test.expect;

/** An artist's photo: a flat colour of its own size; `flagged` carries a word the Sandbox's moderation reads. */
async function photo(n: number, flagged = false) {
  const png = await sharp({ create: { width: 200 + n * 10, height: 160, channels: 3, background: { r: 30 * n, g: 120, b: 90 } } }).png().toBuffer();
  return { name: `IMG_00${40 + n}.png`, mimeType: 'image/png', buffer: flagged ? withPngText(png, [pngTextChunk('Description', 'risque')]) : png };
}

test('a batch deblurs 6 pictures into a folder, says why a moderated one stopped and retries it alone, then expands them to 3 shapes', async ({ page }) => {
  test.setTimeout(120_000);
  const clean = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => photo(n)));
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batch', exact: true }).click();
  const form = page.getByRole('form', { name: 'New batch' });
  await form.getByLabel('Add pictures').setInputFiles([...clean, await photo(7, true)]);
  await expect(form.getByLabel('Pictures chosen')).toContainText('7 pictures');
  await form.getByRole('button', { name: 'Choose folder…' }).click();
  // The folder dialog answers through main: read the folder once the form shows it.
  await expect(form.getByLabel('Output folder')).toContainText('batch-output');
  const folder = (await form.getByLabel('Output folder').textContent())!;
  await expect(form.getByLabel('Batch summary')).toContainText('7 pictures to make');
  await page.screenshot({ path: test.info().outputPath('batch-plan.png') });
  await form.getByRole('button', { name: 'Run batch' }).click();

  const progress = page.getByRole('region', { name: /^Batch: Sharpen/ });
  await expect(progress.getByLabel('Batch counts')).toContainText('6 done · 1 held back by the safety filter · 0 left', { timeout: 60_000 });
  const moderated = progress.getByRole('listitem', { name: /IMG_0047-deblur: held back by the safety filter/ });
  await expect(moderated).toContainText('sexual content');
  await expect(moderated).toContainText('nothing was charged');
  await page.screenshot({ path: test.info().outputPath('batch-deblur.png') });

  const names = (await readdir(folder)).sort();
  expect(names).toEqual(['IMG_0041-deblur.png', 'IMG_0042-deblur.png', 'IMG_0043-deblur.png', 'IMG_0044-deblur.png', 'IMG_0045-deblur.png', 'IMG_0046-deblur.png']);
  const tags = ExifReader.load(await readFile(join(folder, 'IMG_0041-deblur.png')));
  expect(JSON.stringify(tags)).toContain('deblur-v1');

  // Retried alone: one more task, for that picture; the six written are not made again.
  const deblurTasks = async () => {
    const r = await page.evaluate(() => window.gen.tasks.list());
    return r.ok ? r.value.filter((t) => t.endpointId === 'deblur-v1').length : -1;
  };
  expect(await deblurTasks()).toBe(7);
  await moderated.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(deblurTasks).toBe(8);
  await expect(progress.getByRole('listitem', { name: /IMG_0047-deblur: held back by the safety filter/ })).toBeVisible();
  await expect(progress.getByLabel('Batch counts')).toContainText('6 done · 1 held back by the safety filter · 0 left');

  // The same six, grown to three shapes: 18 files named by shape. The run took its pictures away, kept the folder.
  await expect(form.getByLabel('Pictures chosen')).toHaveText('None yet.');
  await expect(form.getByLabel('Output folder')).toHaveText(folder);
  await form.getByLabel('Add pictures').setInputFiles(clean);
  await form.getByLabel('Tool').selectOption('expand');
  await expect(form.getByLabel('Batch summary')).toContainText('18 pictures to make');
  await form.getByRole('button', { name: 'Run batch' }).click();
  const expand = page.getByRole('region', { name: /^Batch: Expand/ });
  await expect(expand.getByLabel('Batch counts')).toContainText('18 done · 0 left', { timeout: 90_000 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: test.info().outputPath('batch-expand.png') });
  const expanded = (await readdir(folder)).filter((n) => n.includes('-expand-'));
  expect(expanded).toHaveLength(18);
  for (const shape of ['9x16', '1x1', '16x9']) expect(expanded).toContain(`IMG_0041-expand-${shape}.jpg`);
  const tall = await sharp(join(folder, 'IMG_0041-expand-9x16.jpg')).metadata();
  expect(Math.abs(tall.width! / tall.height! - 9 / 16)).toBeLessThan(0.01);
  expect(JSON.stringify(ExifReader.load(await readFile(join(folder, 'IMG_0041-expand-9x16.jpg'))))).toContain('gen-pro-1.0-expand');

  // Two of them deblurred again into the same folder: the files already there stay, the new ones take the next
  // free names, and the batch says so.
  const before = await readFile(join(folder, 'IMG_0041-deblur.png'));
  await form.getByLabel('Add pictures').setInputFiles(clean.slice(0, 2));
  await form.getByLabel('Tool').selectOption('deblur');
  await form.getByRole('button', { name: 'Run batch' }).click();
  const again = page.getByRole('region', { name: /^Batch: Sharpen \(deblur\) · 2 pictures/ });
  await expect(again.getByLabel('Batch counts')).toContainText('2 done · 0 left', { timeout: 60_000 });
  const renamed = again.getByRole('status', { name: 'Saved under another name' });
  await expect(renamed).toContainText('2 files were saved under other names');
  await expect(renamed).toContainText('IMG_0041-deblur (2).png instead of IMG_0041-deblur.png');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: test.info().outputPath('batch-renamed.png') });
  expect((await readdir(folder)).filter((n) => n.includes('-deblur')).sort()).toEqual([...names, 'IMG_0041-deblur (2).png', 'IMG_0042-deblur (2).png'].sort());
  expect(await readFile(join(folder, 'IMG_0041-deblur.png'))).toEqual(before);

  // The earlier batches' list below the form is not covered by the form's foot (Run batch and its summary).
  const earlier = page.getByRole('navigation', { name: 'Batches' }).getByRole('heading');
  await earlier.scrollIntoViewIfNeeded();
  const heading = (await earlier.boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.batch-list') !== null, { x: heading.x + 4, y: heading.y + 2 });
  expect(hit).toBe(true);
});


const assetIdOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('three pictures chosen in the gallery are batched through deblur (a chosen video is left out, saying why) and land as one stack; try-on dresses one person in many garments and many people in one garment', async ({ page }) => {
  test.setTimeout(150_000);
  for (const colour of ['red', 'blue', 'green']) await sendRequest(page, { endpointId: 'gen-dev', params: { prompt: `a ${colour} door`, width: 512, height: 512 } }, 'none');
  await sendRequest(page, { endpointId: 'gen-3-video', params: { mode: 't2v', prompt: 'waves on a beach', duration: 1, resolution: 'hd' } }, 'none');
  const rail = page.getByRole('navigation', { name: 'Screens' });
  await rail.getByRole('button', { name: 'Gallery', exact: true }).click();
  await expect(page.getByText(/^4 results\./)).toBeVisible({ timeout: 60_000 });

  // Ctrl+click chooses a card with the others; the bar says how many and offers Batch….
  const cards = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
  for (let i = 0; i < 3; i++) await cards.nth(i).locator('.gallery-card-open').click({ modifiers: ['ControlOrMeta'] });
  // A plain click selects and keeps the choice; Ctrl+Space chooses the selected card from the keyboard.
  await cards.nth(3).locator('.gallery-card-open').click();
  await page.keyboard.press('Control+Space');
  const chosen = page.getByRole('group', { name: 'Chosen results' });
  await expect(chosen.getByRole('status')).toHaveText('4 results chosen');
  await expect(cards.locator('.gallery-card-open', { hasText: ', chosen' })).toHaveCount(4);
  await page.screenshot({ path: test.info().outputPath('batch-gallery-choice.png') });
  await chosen.getByRole('button', { name: 'Batch…' }).click();

  const form = page.getByRole('form', { name: 'New batch' });
  await expect(form.getByLabel('Pictures chosen')).toContainText('3 pictures');
  await expect(form.getByRole('alert')).toContainText('is a video and was left out: a batch works on pictures.');
  await form.getByRole('button', { name: 'Choose folder…' }).click();
  await expect(form.getByLabel('Output folder')).toContainText('batch-output');
  const folder = (await form.getByLabel('Output folder').textContent())!;
  await expect(form.getByLabel('Batch summary')).toContainText('3 pictures to make');
  await page.screenshot({ path: test.info().outputPath('batch-from-gallery.png') });
  await form.getByRole('button', { name: 'Run batch' }).click();
  await expect(page.getByRole('region', { name: /^Batch: Sharpen/ }).getByLabel('Batch counts')).toContainText('3 done · 0 left', { timeout: 60_000 });
  const written = (await readdir(folder)).filter((n) => n.endsWith('-deblur.png'));
  expect(written).toHaveLength(3);

  // The batch's three results are one stack in the gallery, named as a batch (the three sources were three
  // Generates: no stack).
  await rail.getByRole('button', { name: 'Gallery', exact: true }).click();
  await expect(page.getByText(/^5 of 7 results\./)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show the / })).toHaveCount(1);
  await expect(chosen).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('batch-stack.png') });
  await page.getByRole('button', { name: 'Show the 3 results of this batch' }).click();
  await expect(page.getByRole('status', { name: 'Stack shown' })).toHaveText(/^The 3 results of one batch\./);
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('Deblur');

  // Try-on from the screen, both ways: every request pairs the one photo with each picture of the batch.
  const tryOns = async () => {
    const r = await page.evaluate(() => window.gen.tasks.list());
    return r.ok ? r.value.filter((t) => t.endpointId === 'vto-v2').map((t) => ({ state: t.state, inputs: t.inputAssetIds })) : [];
  };
  const person = await photo(1);
  const garments = [await photo(2), await photo(3)];
  await rail.getByRole('button', { name: 'Batch', exact: true }).click();
  await form.getByLabel('Add pictures').setInputFiles(garments);
  await form.getByRole('button', { name: 'Choose folder…' }).click();
  await form.getByLabel('Tool').selectOption('try-on');
  await form.getByLabel('Choose the person').setInputFiles(person);
  await expect(form.getByLabel('Batch summary')).toContainText('2 pictures to make');
  // Leaving for the gallery and coming back finds the batch as it was left.
  await rail.getByRole('button', { name: 'Gallery', exact: true }).click();
  await expect(form).toHaveCount(0);
  await rail.getByRole('button', { name: 'Batch', exact: true }).click();
  await expect(form.getByLabel('Pictures chosen')).toHaveText('2 pictures: IMG_0042.png, IMG_0043.png');
  await expect(form.getByLabel('Tool')).toHaveValue('try-on');
  await expect(form.getByLabel('Output folder')).toHaveText(folder);
  await expect(form.getByText('IMG_0041.png')).toBeVisible();
  await expect(form.getByLabel('Batch summary')).toContainText('2 pictures to make');
  await page.screenshot({ path: test.info().outputPath('batch-back.png') });
  await form.getByRole('button', { name: 'Run batch' }).click();
  await expect.poll(async () => (await tryOns()).filter((t) => t.state === 'done').length, { timeout: 60_000 }).toBe(2);
  for (const t of await tryOns()) expect(t.inputs).toContain(assetIdOf(person.buffer));
  expect(new Set((await tryOns()).flatMap((t) => t.inputs.filter((a) => a !== assetIdOf(person.buffer))))).toEqual(new Set(garments.map((g) => assetIdOf(g.buffer))));

  const garment = await photo(4);
  const people = [await photo(5), await photo(6)];
  await form.getByLabel('Add pictures').setInputFiles(people);
  await form.getByRole('radio', { name: /people, each trying on one garment/ }).check();
  await form.getByLabel('Choose the garment').setInputFiles(garment);
  await expect(form.getByLabel('Batch summary')).toContainText('2 pictures to make');
  await form.getByRole('button', { name: 'Run batch' }).click();
  await expect.poll(async () => (await tryOns()).filter((t) => t.state === 'done').length, { timeout: 60_000 }).toBe(4);
  const second = (await tryOns()).filter((t) => t.inputs.includes(assetIdOf(garment.buffer)));
  expect(second).toHaveLength(2);
  expect(new Set(second.flatMap((t) => t.inputs.filter((a) => a !== assetIdOf(garment.buffer))))).toEqual(new Set(people.map((p) => assetIdOf(p.buffer))));
  expect((await readdir(folder)).filter((n) => n.includes('-try-on'))).toHaveLength(4);
});

test('Retry of a picture whose outcome is unknown asks first, as the queue does, and sends it again only when told', async () => {
  test.setTimeout(90_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-batch-'));
  // The Sandbox drops the connection of the first Deblur request without an answer: its outcome is unknown.
  const app = await launchChromium({ dataDir, deps: { sandboxOptions: { timing: 'instant', failures: [{ on: 'submit', endpoint: 'deblur-v1', failure: { kind: 'drop' }, times: 1 }] } } });
  try {
    const page = app.page;
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batch', exact: true }).click();
    const form = page.getByRole('form', { name: 'New batch' });
    await form.getByLabel('Add pictures').setInputFiles(await Promise.all([1, 2, 3].map((n) => photo(n))));
    await form.getByRole('button', { name: 'Choose folder…' }).click();
    await expect(form.getByLabel('Output folder')).toContainText('batch-output');
    await form.getByRole('button', { name: 'Run batch' }).click();
    const progress = page.getByRole('region', { name: /^Batch: Sharpen/ });
    await expect(progress.getByLabel('Batch counts')).toContainText('2 done · 1 with no answer from the service · 0 left', { timeout: 60_000 });
    const unknown = progress.getByRole('listitem', { name: /: outcome unknown/ });
    const deblurTasks = async () => {
      const r = await page.evaluate(() => window.gen.tasks.list());
      return r.ok ? r.value.filter((t) => t.endpointId === 'deblur-v1' && t.state !== 'outcome-unknown').length : -1;
    };
    expect(await deblurTasks()).toBe(2);

    await unknown.getByRole('button', { name: 'Retry' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send this picture again?' });
    await expect(dialog).toContainText('charged twice');
    await page.screenshot({ path: test.info().outputPath('batch-retry-question.png') });
    await dialog.getByRole('button', { name: 'Keep' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(unknown).toBeVisible();
    expect(await deblurTasks()).toBe(2);

    await unknown.getByRole('button', { name: 'Retry' }).click();
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await expect(progress.getByLabel('Batch counts')).toContainText('3 done · 0 left', { timeout: 60_000 });
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('Pause holds every picture not yet sent, the batch says how many went and how many are held, and Resume sends the rest', async () => {
  test.setTimeout(120_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-batch-'));
  const received: Received[] = [];
  // Deblur takes a moment on the Sandbox, and two go at once: the rest wait in the engine's queue.
  const app = await launchChromium({ dataDir, deps: { fetch: recordingFetch(received), sandboxOptions: { timing: 'instant', durations: { 'deblur-v1': 1500 } } } });
  const deblurs = () => received.filter((r) => r.path.endsWith('/deblur-v1')).length;
  try {
    const page = app.page;
    expect((await page.evaluate(() => window.gen.settings.update({ concurrencyPerKey: 2 }))).ok).toBe(true);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Batch', exact: true }).click();
    const form = page.getByRole('form', { name: 'New batch' });
    await form.getByLabel('Add pictures').setInputFiles(await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => photo(n))));
    await form.getByRole('button', { name: 'Choose folder…' }).click();
    await expect(form.getByLabel('Output folder')).toContainText('batch-output');
    await form.getByRole('button', { name: 'Run batch' }).click();
    const progress = page.getByRole('region', { name: /^Batch: Sharpen/ });
    await expect(progress.getByLabel('Batch counts')).toContainText('2 sent · 6 to go', { timeout: 30_000 });
    await progress.getByRole('button', { name: 'Pause' }).click();
    await expect(progress.getByRole('button', { name: 'Resume' })).toBeVisible();
    const counts = progress.getByLabel('Batch counts');
    await expect(counts).toContainText(/\d+ sent · \d+ held/);
    const [, went, held] = /(\d+) sent · (\d+) held/.exec((await counts.textContent()) ?? '') ?? [];
    expect(Number(went) + Number(held)).toBe(8);
    expect(Number(held)).toBeGreaterThan(0);
    // At the Sandbox: exactly those that went, and nothing more while paused.
    await expect(counts).toContainText(`${went} done · `, { timeout: 30_000 });
    expect(deblurs()).toBe(Number(went));
    await expect(progress.getByRole('listitem', { name: /: held$/ })).toHaveCount(Number(held));
    await page.screenshot({ path: test.info().outputPath('batch-paused.png') });
    await page.waitForTimeout(2000);
    expect(deblurs()).toBe(Number(went));

    await progress.getByRole('button', { name: 'Resume' }).click();
    await expect(counts).toContainText('8 done · 0 left', { timeout: 60_000 });
    await expect(counts).toContainText('8 sent');
    expect(deblurs()).toBe(8);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
