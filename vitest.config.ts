import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'e2e/harness/**/*.test.ts', '*.test.ts'],
    environment: 'node',
    // Bundles the built-in Sandbox once, for the tests that fork it (src/main/core/testing/sandboxBundle.ts).
    globalSetup: ['src/main/core/testing/sandboxBundle.ts'],
    // Vitest's default is one worker fewer than the cores: on a 2-core CI machine, one file at a time. Much of the
    // suite's time is spent waiting (a Sandbox or core process starting, a real service answering, a file written),
    // so there two files at a time finish it sooner (docs/testing.md has the figures).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The keychain and sandbox suites start real services; keep them from starving each other on 2 cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
