import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * One place on screen the language walks visit: `go` brings the app there (from wherever the previous stop left
 * it) and waits until it is ready. Every check looks at the whole screen at every stop: every area's words are in
 * the catalogs, so nothing on screen is another area's to wait for.
 */
export interface LanguageStop {
  readonly name: string;
  readonly go: (page: Page) => Promise<void>;
}

/** An area of the app, as its catalog file is: what it needs made first (in English), then its stops in order. */
export interface LanguageArea {
  readonly name: string;
  readonly setup?: (page: Page) => Promise<void>;
  readonly stops: readonly LanguageStop[];
}

/** Opens a screen from the rail by its id. */
export async function openScreen(page: Page, id: string): Promise<void> {
  await page.locator(`nav [data-screen="${id}"]`).click();
  await expect(page.locator(`nav [data-screen="${id}"]`)).toHaveAttribute('aria-current', 'page');
}
