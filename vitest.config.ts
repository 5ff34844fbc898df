import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'e2e/harness/**/*.test.ts', '*.test.ts'],
    environment: 'node',
    // Bundles the built-in Sandbox once, for the tests that fork it (src/main/core/testing/sandboxBundle.ts).
    globalSetup: ['src/main/core/testing/sandboxBundle.ts'],
    // The keychain and sandbox suites start real services; keep them from starving each other on 2 cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
