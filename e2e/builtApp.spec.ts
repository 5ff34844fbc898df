import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from './harness/server';

// The built main process (what `npm start` and a packaged app run) never reads ELECTRON_RENDERER_URL: the only
// code that does sits behind a flag electron.vite.config.ts sets for `electron-vite dev` alone, and a build
// drops it. Any environment could otherwise load another origin as the trusted page.
test('the built main process cannot be pointed at another renderer by the environment', async () => {
  const main = await readFile(join(ROOT, 'out/main/index.js'), 'utf8');
  expect(main).toContain('app://gen-studio');
  expect(main).not.toContain('ELECTRON_RENDERER_URL');
});
