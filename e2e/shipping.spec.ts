import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test('loading the app asks for nothing that is missing: the favicon is the app icon', async ({ app }) => {
  const { page } = app;
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  if (app.runner === 'chromium') {
    const favicon = await page.context().request.get(new URL('/favicon.ico', page.url()).href);
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toBe('image/x-icon');
    expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  }
});

/** A .genstudio file as the app writes it: one picture as the base, no mask. */
async function projectFileBytes(name: string): Promise<number[]> {
  const { createHash, randomUUID } = await import('node:crypto');
  const sharp = (await import('sharp')).default;
  const { packProject } = await import('../src/main/core/projects/projectArchive');
  const { emptyDocument } = await import('../src/shared/canvas/document');
  const picture = new Uint8Array(await sharp({ create: { width: 96, height: 64, channels: 3, background: '#2a6f97' } }).png().toBuffer());
  const assetId = createHash('sha256').update(picture).digest('hex');
  const document = { ...emptyDocument('gen-pro-1.0-fill'), base: { assetId, name: 'bay.png', width: 96, height: 64 } };
  const project = { version: 1, id: randomUUID(), name, createdAt: 1, updatedAt: 2, document };
  return [...packProject({ project, blobs: {}, assets: { [assetId]: { bytes: picture, ext: 'png' } }, appVersion: 'test', savedAt: 2 })];
}

async function dropFile(page: Page, name: string, bytes: number[]): Promise<void> {
  await page.evaluate(
    ({ name, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' }));
      const target = document.querySelector('main') ?? document.body;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { name, bytes },
  );
}

test('a .genstudio file dropped on the window opens its project on the canvas; a damaged one says why and adds nothing', async ({ app }) => {
  const { page } = app;
  await dropFile(page, 'Bay study.genstudio', await projectFileBytes('Bay study'));
  await expect(page.getByRole('status').filter({ hasText: 'Opened “Bay study” from its file.' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Project list' });
  await expect(list.getByRole('listitem', { name: 'Bay study' })).toHaveAttribute('aria-current', 'true');
  const before = await list.getByRole('listitem').count();

  await dropFile(page, 'Broken.genstudio', (await projectFileBytes('Broken')).slice(0, 300));
  await expect(page.getByRole('alert')).toContainText('“Broken.genstudio” could not be opened. The file is damaged');
  await expect(list.getByRole('listitem')).toHaveCount(before);
  await expect(list.getByRole('listitem', { name: 'Bay study' })).toHaveAttribute('aria-current', 'true');
  await page.screenshot({ path: 'test-results/project-file-drop.png' });
});

test('updates: off until turned on in Settings, then offered, downloaded and installed only when the user says so', async () => {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { launchChromium } = await import('./harness/launch');
  const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-e2e-updates-'));
  // The release feed stands in for GitHub: no network, and it records what the app asked of it.
  const asked: string[] = [];
  const updater = {
    check: async () => (asked.push('check'), { version: '9.9.9' }),
    download: async (progress: (p: number) => void) => (asked.push('download'), progress(100)),
    install: () => void asked.push('install'),
  };
  const app = await launchChromium({ dataDir, headless: true, deps: { updater } });
  try {
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Updates' });
    const status = section.getByRole('status', { name: 'Update status' });
    await expect(status).toHaveText('Updates are off.');
    expect(asked).toEqual([]);

    // The box follows main's answer, so it turns on once the setting is stored.
    const toggle = section.getByRole('checkbox', { name: 'Check for new versions once a day' });
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(status).toContainText('Version 9.9.9 is available.');
    expect(asked).toEqual(['check']);
    await page.screenshot({ path: 'test-results/updates-available.png' });

    await section.getByRole('button', { name: 'Download version 9.9.9' }).click();
    await expect(status).toContainText('Version 9.9.9 is ready: restart to install it.');
    expect(asked).toEqual(['check', 'download']);
    await section.getByRole('button', { name: 'Restart and install' }).click();
    await expect.poll(() => asked).toEqual(['check', 'download', 'install']);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
