import { PALETTES } from '../src/renderer/src/ui/theme/tokens';
import { expect, test } from './fixtures';

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

test('the theme follows the system until Settings choose one, and the choice survives a restart', async ({ app }) => {
  let page = app.page;
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).toHaveCSS('background-color', rgb(PALETTES.light.bg));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveCSS('background-color', rgb(PALETTES.dark.bg));

  // The canvas backdrop is the same palette entry the Konva layers are painted from.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Studio' }).click();
  await expect(page.locator('.canvas-stage')).toHaveCSS('background-color', rgb(PALETTES.dark.canvas.backdrop));

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
  const appearance = page.getByRole('region', { name: 'Appearance' });
  await expect(appearance.getByRole('radio', { name: /Match the system/ })).toBeChecked();
  await appearance.getByRole('radio', { name: 'Light' }).check();
  await expect(html).toHaveAttribute('data-theme', 'light');
  // The system going dark no longer moves it.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'light');

  page = await app.restart();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Studio' }).click();
  await expect(page.locator('.canvas-stage')).toHaveCSS('background-color', rgb(PALETTES.light.canvas.backdrop));
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('region', { name: 'Appearance' }).getByRole('radio', { name: /Match the system/ }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
