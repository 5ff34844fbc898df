import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin, ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy, devConnectSources } from './src/shared/security/csp';

/**
 * Puts the one CSP definition into index.html, relaxed in dev only as far as hot reload needs: the dev server's
 * address comes from the running server (a busy port moves it), else from its configuration.
 */
function cspMeta(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'gen-studio-csp',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml(html, ctx) {
      const dev = config?.command === 'serve';
      const server = config?.server;
      const devConnect = dev
        ? devConnectSources({
            url: ctx.server?.resolvedUrls?.local[0],
            https: Boolean(server?.https),
            host: server?.host,
            port: server?.port,
            hmr: server?.hmr,
          })
        : [];
      const csp = contentSecurityPolicy({ dev, devConnect });
      return html.replace('<!--CSP-->', `<meta http-equiv="Content-Security-Policy" content="${csp}" />`);
    },
  };
}

export default defineConfig(({ command }) => ({
  main: {
    // ELECTRON_RENDERER_URL is honoured only by the bundle `electron-vite dev` makes (src/main/shell/rendererUrl.ts).
    define: { __GEN_DEV_SERVER__: JSON.stringify(command === 'serve') },
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // The built-in Sandbox's own process (src/main/shell/sandboxUtility.ts forks out/main/sandbox.js).
          sandbox: resolve(import.meta.dirname, 'src/main/sandbox/process/entry.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only electron's own modules: bundle everything else (zod) into it.
      externalizeDeps: false,
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        // Sandboxed preloads run as CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    base: './',
    build: {
      // electron-vite leaves the renderer unminified by default; minified (by Vite's own minifier) it is less
      // than half the size (1,954 KiB raw before) and is parsed sooner at every start.
      minify: true,
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
    plugins: [react(), cspMeta()],
  },
}));
