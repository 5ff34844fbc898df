import type { Locator, Page } from '@playwright/test';

/** Opens the Help drawer (the service reference) and picks an endpoint in it, as the curious user does. */
export async function openReference(page: Page, title?: string): Promise<Locator> {
  const drawer = page.getByRole('dialog', { name: 'Help: the service reference' });
  if (!(await drawer.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Help', exact: true }).click();
  if (title) await drawer.getByRole('button', { name: title, exact: true }).click();
  return drawer;
}
