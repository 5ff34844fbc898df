import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openCanvas } from './canvasDriver';
import { launchChromium } from './harness/launch';
import { jargon, neverSaid, spokenText } from './plainWords';
import { rail, sendRequest } from './contractSteps';

// The instant Sandbox: the walk waits for screens, not for the demo Sandbox's seconds per task.
const test = base.extend<{ page: Page }>({
  page: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-words-'));
    const app = await launchChromium({ dataDir, deps: { sandboxOptions: { timing: 'instant' } } });
    await use(app.page);
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});
const expect = test.expect;



const photo = async (n: number) => ({
  name: `IMG_00${40 + n}.png`,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 200 + n * 10, height: 160, channels: 3, background: { r: 30 * n, g: 120, b: 90 } } }).png().toBuffer(),
});

test('Explore, Batch, Spending, the video panels and the Help drawer speak artist', async ({ page }) => {
  // Long for a walk: every screen is reached the way an artist reaches it, and each waits for what it shows.
  test.setTimeout(240_000);
  const heard: [string, string][] = [];
  const hear = async (where: string) => heard.push([where, await spokenText(page.getByRole('main'))]);

  // Explore, empty, then a 2 × 2 sheet of Dev and Klein 4B: the Vary list says what it leaves out.
  await rail(page, 'Explore').click();
  const form = page.getByRole('form', { name: 'Matrix' });
  await hear('Explore, empty');
  await form.getByLabel('Prompt').fill('a {red|blue} fox');
  await form.getByRole('checkbox', { name: 'Gen 2 Klein 4B', exact: true }).check();
  await expect(form.getByLabel('Values that cannot be varied')).toContainText('Guidance: Gen 2 Klein 4B has no guidance');
  await form.getByRole('button', { name: 'Generate 4 pictures' }).click();
  await expect(page.getByRole('status', { name: 'Progress' })).toContainText('Finished: 4 of 4 made', { timeout: 90_000 });
  await hear('Explore, filled sheet');
  await page.screenshot({ path: test.info().outputPath('explore-filled.png') });

  // Batch, set up, then finished.
  await rail(page, 'Batch').click();
  const batch = page.getByRole('form', { name: 'New batch' });
  await batch.getByLabel('Add pictures').setInputFiles([await photo(1), await photo(2)]);
  await batch.getByRole('button', { name: 'Choose folder…' }).click();
  await expect(batch.getByLabel('Batch summary')).toContainText('2 pictures to make');
  await hear('Batch, set up');
  await page.screenshot({ path: test.info().outputPath('batch-set-up.png') });
  await batch.getByRole('button', { name: 'Run batch' }).click();
  await expect(page.getByRole('status', { name: 'Batch counts' })).toContainText('2 done', { timeout: 90_000 });
  await hear('Batch, finished');
  await page.screenshot({ path: test.info().outputPath('batch-finished.png') });

  // Spending, with the runs above on its chart and list.
  await rail(page, 'Settings').click();
  await expect(page.getByRole('heading', { name: /^Spending/ })).toBeVisible();
  await hear('Settings with Spending');

  // The video panels with a clip and a keyframe pinned from the gallery.
  await openCanvas(page);
  await sendRequest(page, { endpointId: 'gen-3-video', params: { mode: 't2v', prompt: 'waves', duration: 2, resolution: 'hd' } });
  await sendRequest(page, { endpointId: 'gen-dev', params: { prompt: 'a lighthouse' } });
  const strip = page.getByRole('region', { name: 'Results strip' });
  await expect(strip.getByRole('option', { name: /: Ready( · .*)?$/ })).toHaveCount(2, { timeout: 60_000 });
  await page.getByRole('region', { name: 'Generate' }).getByRole('radio', { name: 'Video', exact: true }).click();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('button', { name: /from the gallery$/ }).first().click();
  await expect(timeline.getByRole('button', { name: /^Keyframe at / })).toHaveCount(1);
  await hear('Studio, video panels');

  // The Help drawer: the service's reference, in the artist's words too.
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const help = page.getByRole('dialog', { name: 'Help: the service reference' });
  await expect(help).toBeVisible();
  // It names the service's paths and fields by design: what it must not say is what no screen says.
  const reference = neverSaid(await spokenText(help)).map((word) => `Help drawer: ${word}`);

  const found = [...heard.flatMap(([where, said]) => jargon(said).map((word) => `${where}: ${word}`)), ...reference];
  expect(found).toEqual([]);
});
