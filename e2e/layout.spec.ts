import type { Page } from '@playwright/test';
import { openCanvas, useModel } from './canvasDriver';
import { expect, test } from './fixtures';
import { INTENTS } from '../src/shared/studio/intents';
import { rail } from './contractSteps';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;


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

/** Whether a control is wholly inside the window and the one hit at its centre (nothing covers it). */
function inView(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && hit !== null && el.contains(hit);
  });
}

test('at 1280×720 the prompt and Generate are in view on every intent; Enter on a Start card puts the focus in the prompt; Enter accepts the result shown from anywhere but a text field', async ({ app }) => {
  test.setTimeout(90_000);
  const { page } = app;
  await page.setViewportSize({ width: 1280, height: 720 });
  // From Start with the keyboard: Enter on a card, and the next keys go into the prompt.
  await page.getByRole('list', { name: 'What to do' }).getByRole('button', { name: /^Create/ }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Generate' });
  const prompt = panel.getByRole('textbox', { name: /^Prompt/ });
  await expect(prompt).toBeFocused();
  await page.keyboard.type('a lighthouse at dusk');
  await expect(prompt).toHaveValue('a lighthouse at dusk');

  for (const intent of INTENTS) {
    await panel.getByRole('radio', { name: intent.label, exact: true }).click();
    const send = panel.getByRole('button', { name: intent.id === 'upscale-video' ? /^Upscale$/ : /^Generate/ });
    expect(await inView(page, send), `${intent.label}: the send button in view`).toBe(true);
    if ((await prompt.count()) > 0) expect(await inView(page, prompt.first()), `${intent.label}: the prompt in view`).toBe(true);
  }

  // A result in the strip: Enter in the prompt types, Enter with the canvas focused accepts it.
  await panel.getByRole('radio', { name: 'Create', exact: true }).click();
  await panel.getByRole('button', { name: /^Generate/ }).click();
  const strip = page.getByRole('region', { name: 'Results strip' });
  await expect(strip.getByRole('listbox', { name: 'Results' }).getByRole('option', { name: /: Ready( · .*)?$/ })).toHaveCount(1, { timeout: 60_000 });
  await expect(strip.getByRole('button', { name: 'Accept as the picture' })).toBeVisible();
  await prompt.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Image size')).toHaveText('No picture');
  await page.getByRole('application', { name: 'Canvas' }).focus();
  await page.keyboard.press('Enter');
  await expect(strip.getByRole('status', { name: 'Results message' })).toContainText('The result is the picture now');
});

/** The width of every typed control in the screen's side form, by its name. */
function formWidths(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const out: Record<string, number> = {};
    document.querySelectorAll<HTMLInputElement>('.tool-side input:not([type="checkbox"]):not([type="radio"]):not([type="file"]), .tool-side select, .tool-side textarea').forEach((el, i) => {
      out[`${el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent?.trim().slice(0, 24) ?? ''} #${i}`] = Math.round(el.getBoundingClientRect().width);
    });
    return out;
  });
}

test("a screen's styles stay in it: after the Studio has loaded, Explore's and Batch's forms keep their widths and First seed shows all six digits", async ({ app }) => {
  const { page } = app;
  await rail(page, 'Explore').click();
  const seed = page.getByRole('spinbutton', { name: 'First seed' });
  await seed.fill('565489');
  await seed.press('Tab');
  const explore = await formWidths(page);
  await rail(page, 'Batch').click();
  const batch = await formWidths(page);
  expect(Object.keys(explore).length).toBeGreaterThan(2);

  // The Studio's chunk brings its stylesheet, whose toolbar fields are 70 px wide.
  await openCanvas(page);
  await rail(page, 'Explore').click();
  await expect(seed).toHaveValue('565489');
  expect(await formWidths(page)).toEqual(explore);
  // The whole number fits: nothing of it is scrolled out of the box.
  expect(await seed.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth && el.clientWidth > 80)).toBe(true);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: test.info().outputPath(`explore-after-studio-${theme}.png`) });
  }
  await rail(page, 'Batch').click();
  expect(await formWidths(page)).toEqual(batch);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: test.info().outputPath(`batch-after-studio-${theme}.png`) });
  }
});
