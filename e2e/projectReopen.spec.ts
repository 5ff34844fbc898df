import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openCanvas } from './canvasDriver';
import { expect, test } from './studioFixture';

const projects = (page: Page) => page.getByRole('region', { name: 'Projects' });
const names = (page: Page) => projects(page).getByRole('list', { name: 'Project list' }).getByRole('listitem').evaluateAll((items) => items.map((i) => document.getElementById(i.getAttribute('aria-labelledby') ?? '')?.textContent?.trim()));

test('Save to file and Open file through the harness’s dialogs; a file of a project already listed offers to switch to it or open a copy', async ({ studio }) => {
  const { page, harness, dataDir } = studio;
  await openCanvas(page);
  const file = join(dataDir, 'Harbour.genstudio');
  const before = await names(page);
  expect(before).toHaveLength(1);
  const name = before[0]!;

  harness.projectDialogs.answerSave(file);
  await projects(page).getByRole('button', { name: 'Save to file…' }).click();
  await expect(page.getByText(`Saved to “Harbour.genstudio”.`)).toBeVisible();
  expect(harness.projectDialogs.offered).toEqual([`${name}.genstudio`]);

  // The same file again: nothing is added until the artist chooses.
  harness.projectDialogs.answerOpen(file);
  await projects(page).getByRole('button', { name: 'Open file…' }).click();
  const dialog = page.getByRole('alertdialog', { name: `“${name}” is already open in Gen Studio` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Switch to it' })).toBeFocused();
  expect(await names(page)).toEqual([name]);
  await dialog.getByRole('button', { name: 'Switch to it' }).click();
  await expect(dialog).toBeHidden();
  expect(await names(page)).toEqual([name]);

  harness.projectDialogs.answerOpen(file);
  await projects(page).getByRole('button', { name: 'Open file…' }).click();
  await dialog.getByRole('button', { name: 'Open a copy' }).click();
  await expect.poll(() => names(page)).toEqual(expect.arrayContaining([name, `${name} (copy)`]));
  await expect(projects(page).getByRole('listitem', { name: `${name} (copy)` })).toHaveAttribute('aria-current', 'true');
  expect(await names(page)).toHaveLength(2);

  // A cancelled dialog opens nothing and says nothing.
  await projects(page).getByRole('button', { name: 'Open file…' }).click();
  await expect(dialog).toBeHidden();
  expect(await names(page)).toHaveLength(2);
});
