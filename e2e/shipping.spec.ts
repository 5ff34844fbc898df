import { expect, test } from './fixtures';

test('loading the app asks for nothing that is missing: the favicon is the app icon', async ({ app }) => {
  const { page } = app;
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  if (app.runner === 'chromium') {
    const favicon = await page.context().request.get(new URL('/favicon.ico', page.url()).href);
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toBe('image/x-icon');
    expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  }
});
