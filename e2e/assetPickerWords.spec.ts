import { PSEUDO_OPEN } from '../src/shared/i18n/pseudo';
import { expect, test } from './fixtures';
import { openReference } from './reference';

test('a picture the asset picker refuses is said in the language on screen, and again when the language changes', async ({ app }) => {
  const page = app.page;
  await openReference(page, 'Dev');
  await page.locator('details:has(.asset-picker) > summary').first().click();
  const picker = page.locator('.asset-picker').first();
  await page.evaluate(() => window.gen.settings.update({ language: 'de' }));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await picker.locator('input[type="file"]').setInputFiles({ name: 'notizen.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture at all') });
  const problem = picker.locator('p.inline-error');
  await expect(problem).toHaveText('„notizen.txt“ ist kein Bild und kein Video, das Gen Studio lesen kann (PNG, JPEG, WebP, GIF, TIFF, AVIF oder MP4).');
  // the file's name is the artist's, the sentence around it the catalog's: a switch says it again without asking main
  await page.evaluate(() => window.gen.settings.update({ language: 'fr' }));
  await expect(problem).toHaveText('« notizen.txt » n’est ni une image ni une vidéo que Gen Studio sait lire (PNG, JPEG, WebP, GIF, TIFF, AVIF ou MP4).');
  // in the pseudo-locale the words are marked as the catalog's, as the language walks check every other screen
  await page.evaluate(() => window.gen.settings.update({ language: 'en-XA' }));
  await expect(problem).toContainText(PSEUDO_OPEN);
  await expect(problem).toContainText('notizen.txt');
});
