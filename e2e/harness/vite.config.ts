import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** Builds the harness bridge into one classic script for `page.addInitScript`. */
export default defineConfig({
  build: {
    outDir: resolve(import.meta.dirname, '../../out/harness'),
    emptyOutDir: true,
    minify: false,
    lib: {
      entry: resolve(import.meta.dirname, 'bridge.ts'),
      formats: ['iife'],
      name: 'genHarnessBridge',
      fileName: () => 'bridge.js',
    },
  },
});
