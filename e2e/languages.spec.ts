import type { Page } from '@playwright/test';
import type { LanguageChoice } from '../src/shared/i18n/locales';
import { PSEUDO_CLOSE, PSEUDO_LETTERS, PSEUDO_OPEN } from '../src/shared/i18n/pseudo';
import { scan, type Finding } from './axe';
import { expect, test } from './fixtures';
import { AREAS } from './languageWalk/areas';
import { openCanvas, openPicture, png, useModel } from './canvasDriver';

/** Settings' language choice, made through the settings as the Settings screen makes it: it applies at once. */
async function speak(page: Page, language: LanguageChoice, lang: string): Promise<void> {
  await page.evaluate((language) => window.gen.settings.update({ language }), language);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/**
 * Words on screen that no catalog gave: text nodes and accessible names with a letter but without the pseudo-locale's
 * marks. Allowed: user data (marked translate="no"), main's words still to be moved into the catalogs (marked
 * data-words="main", listed in docs/languages.md), and dates, which Intl writes in the locale's own month names.
 */
function strayWords(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ letters, open, close }) => {
      const marked = (s: string) => s.includes(open) || s.includes(close) || [...s].some((c) => letters.includes(c));
      const months = Array.from({ length: 12 }, (_, m) => [new Date(2026, m, 1).toLocaleString('en', { month: 'short' }), new Date(2026, m, 1).toLocaleString('en', { month: 'long' })]).flat();
      const undated = (s: string) => months.reduce((t, m) => t.replaceAll(m, ''), s).replace(/\b(AM|PM)\b/g, '');
      const needsWords = (s: string) => /\p{L}/u.test(undated(s));
      const exempt = (el: Element | null) => !el || el.closest('[translate="no"], [data-words="main"], script, style') !== null;
      const shown = (el: Element) => el.tagName === 'OPTION' || el.checkVisibility({ visibilityProperty: true });
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const parent = node.parentElement;
        if (!text || exempt(parent) || !shown(parent!) || !needsWords(text) || marked(text)) continue;
        found.push(`${parent!.tagName.toLowerCase()}: ${text}`);
      }
      for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
        if (exempt(el) || !shown(el)) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = el.getAttribute(name)?.trim() ?? '';
          if (value && needsWords(value) && !marked(value)) found.push(`${el.tagName.toLowerCase()}[${name}]: ${value}`);
        }
      }
      return found;
    },
    { letters: [...PSEUDO_LETTERS].join(''), open: PSEUDO_OPEN, close: PSEUDO_CLOSE },
  );
}

/** Buttons, labels, tabs, badges and headings whose text does not fit them (cut off, or spilling out). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('button, label, legend, [role="tab"], .badge, h1, h2, h3, th, .rail-label')) {
      if (!el.checkVisibility() || el.closest('.visually-hidden') || getComputedStyle(el).display === 'inline') continue;
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.tagName.toLowerCase()}: ${el.textContent?.trim().slice(0, 60)} (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return found;
  });
}

for (const area of AREAS.filter((a) => a.stops.length > 0)) {
  test(`in the pseudo-locale every word of ${area.name} comes from a catalog, and every control’s text fits at 1280×720`, async ({ app }) => {
    test.setTimeout(180_000);
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 720 });
    await area.setup?.(page);
    await speak(page, 'en-XA', 'en-XA');
    const stray: string[] = [];
    const cut: string[] = [];
    for (const stop of area.stops) {
      await stop.go(page);
      stray.push(...(await strayWords(page)).map((w) => `${stop.name}: ${w}`));
      cut.push(...(await overflowing(page)).map((w) => `${stop.name}: ${w}`));
    }
    expect(stray).toEqual([]);
    expect(cut).toEqual([]);
  });

  test(`in Japanese and German, axe-core finds nothing serious or critical in ${area.name}`, async ({ app }) => {
    test.setTimeout(180_000);
    const { page } = app;
    await area.setup?.(page);
    const found: Finding[] = [];
    for (const [language, lang] of [
      ['ja', 'ja'],
      ['de', 'de'],
    ] as const) {
      await speak(page, language, lang);
      for (const stop of area.stops) {
        await stop.go(page);
        found.push(...(await scan(page, `${stop.name} (${lang})`)));
      }
    }
    expect(found.filter((f) => f.impact === 'serious' || f.impact === 'critical')).toEqual([]);
  });
}

test('the language follows the system until Settings choose one, and the choice applies at once', async ({ app }) => {
  const { page } = app;
  // The harness's browser speaks English: the system's language, matched.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.locator('nav [data-screen="settings"]').click();
  await page.getByRole('combobox', { name: 'Language of Gen Studio' }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // German's long words carry soft hyphens where the rail may break them.
  const words = (selector: string) => page.locator(selector).evaluate((el) => el.textContent?.replaceAll('\u00ad', ''));
  await expect.poll(() => words('h1')).toBe('Einstellungen');
  await expect.poll(() => words('nav [data-screen="queue"]')).toBe('Warteschlange');
  await page.getByRole('combobox', { name: 'Sprache von Gen Studio' }).selectOption('system');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
});

test('a message the canvas shows is said again in the language Settings switch to, the file name as it is', async ({ app }) => {
  const { page } = app;
  await openCanvas(page);
  await openPicture(page, await png(320, 200, '#6a8caf'), 'harbour.png');
  await useModel(page, 'gen-pro-1.0-fill', 'inpaint');
  await page.getByLabel('Load mask from file').setInputFiles({ name: 'wrong.png', mimeType: 'image/png', buffer: await png(200, 100, '#fff') });
  const message = page.locator('.canvas-message');
  await expect(message).toContainText('wrong.png is 200 × 100, but the picture is 320 × 200');
  // Settings switch to German while the message shows; back in the studio it speaks German.
  await page.locator('nav [data-screen="settings"]').click();
  await page.getByRole('combobox', { name: 'Language of Gen Studio' }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.locator('nav [data-screen="canvas"]').click();
  await expect(message).toContainText('wrong.png ist 200 × 100, das Bild aber 320 × 200: Eine Maske muss so groß sein wie das Bild.');
  await expect(message).not.toContainText('but the picture is');
  await page.screenshot({ path: test.info().outputPath('canvas-message-de.png') });
});
