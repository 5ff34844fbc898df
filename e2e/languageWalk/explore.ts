import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { openScreen, type LanguageArea } from './stops';

// The walk runs in other languages, so controls are found by where they are, not by their words; model names are
// user data and keep theirs.
const form = (page: Page) => page.locator('.explore form.tool-form');
/** The Vary list: the form's second list, after Size. */
const vary = (page: Page) => form(page).locator('select').nth(1);

/**
 * Explore as the plain-words walk and explore.spec.ts show it: empty, a prompt with two models (the Vary list
 * explaining what it leaves out), the plan with a varied value, and the filled sheet with its saved matrix.
 */
export const EXPLORE: LanguageArea = {
  name: 'Explore',
  stops: [
    {
      name: 'Explore, empty',
      async go(page) {
        await openScreen(page, 'explore');
        // From a filled sheet (the walk's second language): New matrix, and the form emptied.
        if (await page.locator('.explore-sheet-actions').isVisible()) await page.locator('.explore-sheet-actions button').last().click();
        await form(page).locator('textarea').fill('');
        await vary(page).selectOption({ index: 0 });
        await form(page).locator('label.tool-check', { hasText: 'Gen 2 Klein 4B' }).locator('input').uncheck();
        await expect(page.locator('.explore-empty h2')).toBeVisible();
      },
    },
    {
      // A plan refused by its own check: the braces' problem is the catalog's words, not main's English.
      name: 'Explore, a prompt whose braces do not close',
      async go(page) {
        await form(page).locator('textarea').fill('a {red|blue fox');
        await expect(form(page).locator('.tool-summary .tool-problem')).toBeVisible();
      },
    },
    {
      name: 'Explore, the Vary list explained',
      async go(page) {
        await form(page).locator('textarea').fill('a {red|blue} fox');
        await form(page).locator('label.tool-check', { hasText: 'Gen 2 Klein 4B' }).locator('input').check();
        await expect(page.locator('#explore-cannot')).toBeVisible();
        await expect(page.locator('.explore-main .sheet-cell')).toHaveCount(4);
      },
    },
    {
      name: 'Explore, planned with a varied value',
      async go(page) {
        await vary(page).selectOption({ index: 1 });
        await form(page).locator('.explore-row .tool-field input').nth(4).fill('2');
        await form(page).locator('.explore-row .tool-field input').nth(4).press('Tab');
        await expect(page.locator('.explore-main .sheet-cell')).toHaveCount(8);
        await expect(form(page).locator('.tool-summary span')).toBeVisible();
      },
    },
    {
      name: 'Explore, filled sheet',
      async go(page) {
        await form(page).locator('button[type="submit"]').click();
        await expect(page.locator('.explore-main button.sheet-cell')).toHaveCount(8, { timeout: 90_000 });
        await expect(page.locator('.explore-saved li').first()).toBeVisible();
        await expect(page.locator('.explore-sheet-actions button')).toHaveCount(2);
      },
    },
  ],
};
