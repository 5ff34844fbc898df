import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

/**
 * The unit suite's built-in Sandbox, bundled once per run. Forking the source entry through tsx compiles the
 * Sandbox's modules in every process it starts (2 to 9 s on a loaded 2-core machine, against 1 to 3 s for the
 * bundle), and some fifty tests start one. The bundle is built from the same source at the start of every run, as
 * the app's build makes out/main/sandbox.js; sandboxProcess.test.ts still forks the source entry through tsx.
 */

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const ENTRY = fileURLToPath(new URL('../../sandbox/process/entry.ts', import.meta.url));
/** Under out/ (ignored by git, and not packed: electron-builder takes out/main, preload and renderer only). */
const BUNDLE = `${ROOT}out/unit-sandbox/sandbox.js`;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled Sandbox entry the unit tests fork (see sandboxBundle.ts). */
    sandboxBundle: string;
  }
}

/** Vitest's globalSetup: builds the bundle before any test file runs and tells the workers where it is. */
export default async function bundleSandbox(project: TestProject): Promise<void> {
  await build({
    entryPoints: [ENTRY],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Its packages (sharp, mediabunny) load from node_modules as they do for the source entry.
    packages: 'external',
    logLevel: 'warning',
  });
  project.provide('sandboxBundle', BUNDLE);
}
