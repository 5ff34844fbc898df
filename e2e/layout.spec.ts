import type { Page } from '@playwright/test';
import { openCanvas, useModel } from './canvasDriver';
import { expect, test } from './fixtures';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

const rail = (page: Page, name: string) => page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true });

/**
 * Focuses every control of the screen in turn, as Tab and clicks do (focus scrolls its element into view), and
 * answers each one after which the window itself had scrolled or the shell no longer filled it exactly.
 */
function shellMovesOnFocus(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const moved: string[] = [];
    const shell = document.querySelector('.app')!;
    const focusable = document.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])');
    for (const el of focusable) {
      el.focus();
      const box = shell.getBoundingClientRect();
      const root = document.scrollingElement!;
      const fits = box.top === 0 && box.left === 0 && box.width === innerWidth && box.height === innerHeight;
      if (window.scrollY !== 0 || root.scrollTop !== 0 || root.scrollHeight > innerHeight || !fits) {
        moved.push(`${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName} → scrolled ${window.scrollY}, page ${root.scrollHeight} px tall`);
      }
      root.scrollTop = 0;
    }
    return moved;
  });
}

test('the app shell is exactly the window at 1280×720 and 1920×1080: no control, file buttons included, scrolls the top bar away', async ({ app }) => {
  const { page } = app;
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await rail(page, 'Start').click();
    expect(await shellMovesOnFocus(page), `Start at ${size.width}×${size.height}`).toEqual([]);
    await openCanvas(page);
    // Edit with references shows the board's "Add images…" next to "Open a picture…".
    await useModel(page, 'gen-2-pro', 'edit');
    expect(await shellMovesOnFocus(page), `Studio at ${size.width}×${size.height}`).toEqual([]);
    // A click on a file button, as a user makes it: the chooser opens and the shell stays where it is.
    for (const name of ['Open a picture…', 'Add images…']) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByText(name, { exact: true }).click();
      await chooser;
      expect(await page.evaluate(() => [window.scrollY, document.querySelector('.topbar')!.getBoundingClientRect().top])).toEqual([0, 0]);
    }
    for (const screen of ['Gallery', 'Queue', 'Settings']) {
      await rail(page, screen).click();
      expect(await shellMovesOnFocus(page), `${screen} at ${size.width}×${size.height}`).toEqual([]);
    }
  }
});
