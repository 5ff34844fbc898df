import type { Page } from '@playwright/test';
import { openCanvas } from './canvasDriver';
import { jargon, spokenText } from './plainWords';
import { expect, test } from './studioFixture';
import { rail, sendRequest } from './contractSteps';

const strip = (page: Page) => page.getByRole('region', { name: 'Results strip' });


test('the strip, the player, the gallery, the queue, settings and the notices speak artist, in both themes', async ({ studio }) => {
  test.setTimeout(120_000);
  const { page } = studio;
  await openCanvas(page);
  // A picture with boxes in its prompt, and a draft clip: the captions and names that said JSON and "Gen 3 Video".
  await sendRequest(page, { endpointId: 'gen-3-image', params: { prompt: 'a harbour [{"label":"boat","box":[0,0,500,500]}]' } });
  await sendRequest(page, { endpointId: 'gen-3-video', params: { mode: 't2v', prompt: 'waves', duration: 2, resolution: 'hd' } });
  const tiles = strip(page).getByRole('listbox', { name: 'Results' }).getByRole('option');
  await expect(strip(page).getByRole('option', { name: /: Ready( · .*)?$/ })).toHaveCount(2, { timeout: 60_000 });
  // A notice of the studio: what the new model will not use.
  const panel = page.getByRole('region', { name: 'Generate' });
  await panel.getByRole('radio', { name: 'Outpaint', exact: true }).click();

  const heard: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await rail(page, 'Studio').click();
    for (const i of [0, 1]) {
      await tiles.nth(i).click();
      heard.push(`studio, result ${i + 1} (${theme})`, await spokenText(page.getByRole('main')));
    }
    await expect(page.getByRole('group', { name: 'Video result' })).toBeVisible();
    for (const screen of ['Gallery', 'Queue', 'Settings']) {
      await rail(page, screen).click();
      await expect(page.getByRole('main')).not.toBeEmpty();
      heard.push(`${screen} (${theme})`, await spokenText(page.getByRole('main')));
    }
  }
  const found: string[] = [];
  for (let i = 0; i < heard.length; i += 2) for (const word of jargon(heard[i + 1]!)) found.push(`${heard[i]}: ${word}`);
  expect(found).toEqual([]);
  // The names that replaced them: the clip is a draft with its length, the boxes are named.
  expect(heard.join('\n')).toMatch(/Gen 3 Video draft · 2 s · /);
  expect(heard.join('\n')).toContain('a harbour · 1 box: boat');
});
