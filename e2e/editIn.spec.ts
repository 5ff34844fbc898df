import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import type { Page } from '@playwright/test';
import { openCanvas, openPicture, png } from './canvasDriver';
import { expect, test } from './fixtures';
import { ROOT } from './harness/server';

/** What the harness recorded of the desktop's calls (src/main/core/desktop/nodeDesktop.ts). */
async function recorded(dataDir: string, call: string): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(join(dataDir, '.desktop', 'calls.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((c) => c.call === call);
}

/** The editor stand-in (harness/editorStandIn.ts) on the working file: `save()` saves once and answers the bytes' sha256. */
function startStandIn(file: string): { save(): Promise<string>; child: ChildProcessWithoutNullStreams } {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'e2e/harness/editorStandIn.ts'), file], { stdio: 'pipe' });
  const answers: string[] = [];
  const waiting: Array<(hash: string) => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const hash = line.split(' ')[2] ?? '';
    const next = waiting.shift();
    if (next) next(hash);
    else answers.push(hash);
  });
  return {
    child,
    save: () => {
      child.stdin.write('save\n');
      return new Promise((resolve) => {
        const ready = answers.shift();
        if (ready) resolve(ready);
        else waiting.push(resolve);
      });
    },
  };
}

const versionsButton = (page: Page, n: number) => page.getByRole('region', { name: 'Results strip' }).getByRole('button', { name: `Versions (${n})` });
const pictureOnDisk = async (dataDir: string, projectId: string) =>
  (JSON.parse(await readFile(join(dataDir, 'projects', projectId, 'project.json'), 'utf8')) as { document: { base: { assetId: string } | null } }).document.base?.assetId;

test('Edit in…: each save in the editor comes back as a version, one undo step each; a save made while Gen Studio was closed comes back once it opens again', async ({ app }) => {
  test.skip(app.runner !== 'chromium', 'the editor launch is recorded by the Chromium harness; Electron would start the real default app');
  let page = app.page;
  await openCanvas(page);
  await openPicture(page, await png(64, 48, '#345'), 'harbour.png');

  await page.getByRole('button', { name: 'Edit in…' }).click();
  await page.getByRole('menu', { name: 'Edit in another app' }).getByRole('menuitem', { name: 'Edit in your default app' }).click();
  await expect(page.getByRole('button', { name: 'Stop editing in your default app' })).toBeVisible();
  const [launch] = await recorded(app.dataDir, 'openInEditor');
  const file = String(launch?.path);
  // The working copy is the project's own, never the artist's file; no application was named, so the system's default opens it.
  const [, projectId] = relative(app.dataDir, file).split(sep);
  expect(relative(app.dataDir, file).split(sep)).toEqual(['projects', projectId, 'editing', 'harbour.png']);
  expect(launch?.app).toBeNull();

  const editor = startStandIn(file);
  try {
    const first = await editor.save();
    await expect(page.getByRole('status', { name: 'Edit in another app' })).toContainText('Back from your default app: version 2');
    await expect(versionsButton(page, 1)).toBeVisible();
    await expect.poll(() => pictureOnDisk(app.dataDir, projectId!)).toBe(first);

    // The second save lands while Gen Studio is closed.
    let second = '';
    page = await app.restart(async () => {
      second = await editor.save();
    });
    await openCanvas(page);
    await expect(page.getByRole('status', { name: 'Edit in another app' })).toContainText('Back from your default app: version 3');
    await expect(versionsButton(page, 2)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop editing in your default app' })).toBeVisible();
    await expect.poll(() => pictureOnDisk(app.dataDir, projectId!)).toBe(second);

    // Undo takes the last save away; the first stays the picture.
    await page.getByRole('status', { name: 'Edit in another app' }).getByRole('button', { name: 'Undo' }).click();
    await expect(versionsButton(page, 1)).toBeVisible();
    await expect.poll(() => pictureOnDisk(app.dataDir, projectId!)).toBe(first);

    // Opened again, nothing comes back twice.
    page = await app.restart();
    await openCanvas(page);
    await expect(versionsButton(page, 1)).toBeVisible();
    await expect(page.getByRole('status', { name: 'Edit in another app' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Stop editing in your default app' }).click();
    await expect(page.getByRole('button', { name: 'Edit in…' })).toBeVisible();
    await expect(page.getByText('Stopped editing in your default app.')).toBeVisible();
  } finally {
    editor.child.kill();
  }
});
