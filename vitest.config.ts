import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'e2e/harness/**/*.test.ts', '*.test.ts'],
    environment: 'node',
    // The keychain and sandbox suites start real services; keep them from starving each other on 2 cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
