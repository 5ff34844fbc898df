import type { Locator } from '@playwright/test';
import { LOCALES } from '../src/shared/i18n/locales';
import { dragImage, openCanvas, openPicture, png, shortcut } from './canvasDriver';
import { expect, test } from './fixtures';

/** Whether two boxes share any area (touching edges do not count). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [p, q] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}

test('the before and after labels over a small result never overlap, in any language (German’s “Vorher” and “Nachher” overlapped)', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await page.setViewportSize({ width: 1280, height: 720 });
  const canvas = await openCanvas(page);
  await openPicture(page, await png(96, 64, '#3a6ea5'));
  await shortcut(canvas, 'r');
  await dragImage(page, canvas, [[10, 10], [80, 50]]);
  await page.getByRole('textbox', { name: 'Prompt' }).fill('a red boat');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const strip = page.getByRole('region', { name: 'Results strip' });
  const ready = strip.getByRole('listbox', { name: 'Results' }).getByRole('option', { name: /Ready/ });
  await expect(ready).toHaveCount(1, { timeout: 30_000 });
  await ready.click();
  await strip.getByRole('radio', { name: 'Before/after' }).click();
  // one result pixel to one screen pixel: the result is 96 px wide on screen
  await shortcut(canvas, 'Control+1');
  const preview = page.locator('.result-in-place');
  await expect.poll(async () => Math.round((await preview.boundingBox())!.width)).toBe(96);

  const before = preview.locator('.compare-label.before');
  const after = preview.locator('.compare-label.after');
  for (const locale of LOCALES) {
    await page.evaluate((language) => window.gen.settings.update({ language }), locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(before).toBeVisible();
    expect(await overlap(before, after), `the labels overlap in ${locale}`).toBe(false);
    // each keeps its whole word for a pointer that rests on it, even where it ends in an ellipsis
    expect(await before.getAttribute('title')).toBe(await before.textContent());
    if (locale === 'de') {
      await expect(before).toHaveText('Vorher');
      await expect(after).toHaveText('Nachher');
      const box = (await preview.boundingBox())!;
      await page.screenshot({ path: 'docs/images/compare-labels-de.png', clip: { x: box.x - 120, y: box.y - 60, width: box.width + 240, height: box.height + 120 } });
    }
  }
});
