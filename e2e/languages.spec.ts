import type { Page } from '@playwright/test';
import { emptyDocument } from '../src/shared/canvas/document';
import type { LanguageChoice } from '../src/shared/i18n/locales';
import { PSEUDO_CLOSE, PSEUDO_LETTERS, PSEUDO_OPEN } from '../src/shared/i18n/pseudo';
import { scan, type Finding } from './axe';
import { expect, test } from './fixtures';

/**
 * The screens the language walks cover, opened from the rail by their id, each with what shows it is ready.
 * A screen joins every walk below by one line here, once its words are in the catalogs.
 */
const SCREENS: ReadonlyArray<{ readonly id: string; readonly ready: (page: Page) => Promise<void> }> = [
  { id: 'home', ready: (page) => expect(page.locator('.recent-card')).toHaveCount(1) },
  { id: 'settings', ready: (page) => expect(page.locator('.spending-chart').first()).toBeVisible() },
  { id: 'queue', ready: (page) => expect(page.locator('li.task')).toHaveCount(1) },
];

/** A finished picture (the queue and Spending), a project (Start) and a daily cap (the chart's cap line). */
async function fill(page: Page): Promise<void> {
  // Typed as the call takes it inside the page; the document's full type is too deep for evaluate's argument.
  const document: unknown = emptyDocument('gen-dev');
  await page.evaluate(async (document) => {
    await window.gen.projects.create({ name: 'Harbour at dusk', document: document as never });
    await window.gen.tasks.submit({ endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk', seed: 7, width: 256, height: 256 }, inputs: {} });
    await window.gen.spending.setCaps({ keyId: 'sandbox', caps: { day: 40, week: 100, month: 300 } });
  }, document);
  await expect.poll(() => page.evaluate(async () => {
    const listed = await window.gen.tasks.list();
    return listed.ok ? listed.value[0]?.state : undefined;
  }), { timeout: 60_000 }).toBe('done');
}

/** Settings' language choice, made through the settings as the Settings screen makes it: it applies at once. */
async function speak(page: Page, language: LanguageChoice, lang: string): Promise<void> {
  await page.evaluate((language) => window.gen.settings.update({ language }), language);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function open(page: Page, id: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.locator(`nav [data-screen="${id}"]`).click();
  await ready(page);
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

test('in the pseudo-locale every word on Start, Settings and the queue comes from a catalog, and every control’s text fits at 1280×720', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await page.setViewportSize({ width: 1280, height: 720 });
  await fill(page);
  await speak(page, 'en-XA', 'en-XA');
  const stray: string[] = [];
  const cut: string[] = [];
  for (const screen of SCREENS) {
    await open(page, screen.id, screen.ready);
    stray.push(...(await strayWords(page)).map((w) => `${screen.id}: ${w}`));
    cut.push(...(await overflowing(page)).map((w) => `${screen.id}: ${w}`));
  }
  expect(stray).toEqual([]);
  expect(cut).toEqual([]);
});

test('in Japanese and German, axe-core finds nothing serious or critical on Start, Settings and the queue', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  await fill(page);
  const found: Finding[] = [];
  for (const [language, lang] of [
    ['ja', 'ja'],
    ['de', 'de'],
  ] as const) {
    await speak(page, language, lang);
    for (const screen of SCREENS) {
      await open(page, screen.id, screen.ready);
      found.push(...(await scan(page, `${screen.id} (${lang})`)));
    }
  }
  expect(found.filter((f) => f.impact === 'serious' || f.impact === 'critical')).toEqual([]);
});

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
