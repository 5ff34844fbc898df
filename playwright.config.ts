import { defineConfig } from '@playwright/test';
import { chooseRunner } from './e2e/harness/runner';

// Printed once so every run says which runner it used.
if (!process.env.GEN_STUDIO_RUNNER_ANNOUNCED) {
  process.env.GEN_STUDIO_RUNNER_ANNOUNCED = '1';
  console.log(`[e2e] runner: ${chooseRunner()}`);
}

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './out/e2e-results',
  fullyParallel: false,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
