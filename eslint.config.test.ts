import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const LAYERING = ['no-restricted-imports', 'no-restricted-globals'];
const PRELOAD = 'src/preload/index.ts';
const IPC_MAIN = 'src/main/ipc/ipcMain.ts';
const breaksLayering = async (code: string, file: string) => (await ruleIds(code, file)).some((id) => LAYERING.includes(id));

describe('the layering rules', () => {
  it('refuse a renderer file that imports electron or node:fs', async () => {
    expect(await breaksLayering("import { ipcRenderer } from 'electron';\nvoid ipcRenderer;\n", 'src/renderer/src/bad.ts')).toBe(true);
    expect(await breaksLayering("import { readFile } from 'node:fs';\nvoid readFile;\n", 'src/renderer/src/bad.ts')).toBe(true);
    expect(await breaksLayering("import fs from 'fs';\nvoid fs;\n", 'src/renderer/src/features/x/bad.tsx')).toBe(true);
    expect(await breaksLayering("import { createCore } from '../../main/core/createCore';\nvoid createCore;\n", 'src/renderer/src/bad.ts')).toBe(true);
  });

  it('refuse network calls in the renderer', async () => {
    expect(await breaksLayering("void fetch('https://example.com');\n", 'src/renderer/src/bad.ts')).toBe(true);
    expect(await breaksLayering("void new WebSocket('wss://example.com');\n", 'src/renderer/src/bad.ts')).toBe(true);
  });

  it('keep src/shared pure', async () => {
    expect(await breaksLayering("import { app } from 'electron';\nvoid app;\n", 'src/shared/bad.ts')).toBe(true);
    expect(await breaksLayering("import { useState } from 'react';\nvoid useState;\n", 'src/shared/bad.ts')).toBe(true);
    expect(await breaksLayering("import { join } from 'node:path';\nvoid join;\n", 'src/shared/bad.ts')).toBe(true);
    expect(await breaksLayering('export const cwd = process.cwd();\n', 'src/shared/bad.ts')).toBe(true);
  });

  it('keep the preload to electron and src/shared', async () => {
    expect(await breaksLayering("import { readFile } from 'node:fs/promises';\nvoid readFile;\n", 'src/preload/bad.ts')).toBe(true);
    expect(await breaksLayering("import { ipcRenderer } from 'electron';\nvoid ipcRenderer;\n", 'src/preload/other.ts')).toBe(true);
  });

  // The wrapper rule for preload files other than index.ts must not replace the layer's own restrictions.
  const preloadBreaks: [string, string][] = [
    ['node:fs', "import { readFile } from 'node:fs';\nvoid readFile;\n"],
    ['the main process', "import { createCore } from '../main/core/createCore';\nvoid createCore;\n"],
    ['the renderer', "import { App } from '../renderer/src/app/App';\nvoid App;\n"],
    ['a Node package', "import { Entry } from '@napi-rs/keyring';\nvoid Entry;\n"],
    ['electron/main', "import { app } from 'electron/main';\nvoid app;\n"],
    ['ipcRenderer from electron/renderer', "import { ipcRenderer } from 'electron/renderer';\nvoid ipcRenderer;\n"],
    ['ipcMain', "import { ipcMain } from 'electron';\nvoid ipcMain;\n"],
  ];
  for (const [what, code] of preloadBreaks) {
    it(`refuse ${what} in a preload file other than index.ts`, async () => {
      expect(await breaksLayering(code, 'src/preload/other.ts')).toBe(true);
    });
  }
  it('let the preload wrapper use ipcRenderer, from electron or electron/renderer', async () => {
    expect(await breaksLayering("import { ipcRenderer } from 'electron';\nvoid ipcRenderer;\n", PRELOAD)).toBe(false);
    expect(await breaksLayering("import { ipcRenderer } from 'electron/renderer';\nvoid ipcRenderer;\n", PRELOAD)).toBe(false);
    expect(await breaksLayering("import { createCore } from '../main/core/createCore';\nvoid createCore;\n", PRELOAD)).toBe(true);
  });

  it('allow ipcMain only in its wrapper, whichever electron module it comes from', async () => {
    for (const from of ['electron', 'electron/main']) {
      const code = `import { ipcMain } from '${from}';\nvoid ipcMain;\n`;
      expect(await breaksLayering(code, 'src/main/shell/x.ts'), from).toBe(true);
      expect(await breaksLayering(code, 'src/main/index.ts'), from).toBe(true);
      expect(await breaksLayering(code, 'src/main/core/x.ts'), from).toBe(true);
      expect(await breaksLayering(code, IPC_MAIN), from).toBe(false);
    }
    expect(await breaksLayering("import * as electron from 'electron/main';\nvoid electron;\n", 'src/main/shell/x.ts')).toBe(true);
    // The default import would reach ipcMain as a property.
    expect(await breaksLayering("import electron from 'electron';\nvoid electron.ipcMain;\n", 'src/main/shell/x.ts')).toBe(true);
    expect(await breaksLayering("import electron from 'electron';\nvoid electron.ipcRenderer;\n", 'src/preload/other.ts')).toBe(true);
  });

  it('keep ipcRenderer and the UI layers out of main, the ipcMain wrapper included', async () => {
    for (const file of ['src/main/shell/x.ts', IPC_MAIN, 'src/main/core/x.ts']) {
      for (const from of ['electron', 'electron/renderer']) {
        expect(await breaksLayering(`import { ipcRenderer } from '${from}';\nvoid ipcRenderer;\n`, file), `${file} ${from}`).toBe(true);
      }
      expect(await breaksLayering("import { App } from '../../renderer/src/app/App';\nvoid App;\n", file), file).toBe(true);
      expect(await breaksLayering("import { api } from '../../preload/index';\nvoid api;\n", file), file).toBe(true);
    }
  });

  it('keep Electron out of the core and the dispatcher', async () => {
    for (const file of ['src/main/core/bad.ts', 'src/main/ipc/dispatcher.ts']) {
      expect(await breaksLayering("import { app } from 'electron';\nvoid app;\n", file), file).toBe(true);
      expect(await breaksLayering("import { app } from 'electron/main';\nvoid app;\n", file), file).toBe(true);
      expect(await breaksLayering("import Store from 'electron-store';\nvoid Store;\n", file), file).toBe(true);
    }
    expect(await breaksLayering("import { app } from 'electron';\nvoid app;\n", 'src/main/shell/fine.ts')).toBe(false);
    expect(await breaksLayering("import { app } from 'electron/main';\nvoid app;\n", 'src/main/shell/fine.ts')).toBe(false);
  });

  it('keep the core to the Sandbox’s public index and api, and the Sandbox away from the core', async () => {
    const core = 'src/main/core/connections/x.ts';
    expect(await breaksLayering("import { startSandbox } from '../../sandbox/index';\nvoid startSandbox;\n", core)).toBe(false);
    expect(await breaksLayering("import type { SandboxOptions } from '../../sandbox/api';\nexport type O = SandboxOptions;\n", core)).toBe(false);
    expect(await breaksLayering("import { prices } from '../../sandbox/prices';\nvoid prices;\n", core)).toBe(true);
    expect(await breaksLayering("import { submit } from '../../sandbox/handlers/submit';\nvoid submit;\n", core)).toBe(true);
    for (const file of ['src/main/sandbox/x.ts', 'src/main/sandbox/outputs/x.ts']) {
      const up = file.split('/').length === 4 ? '..' : '../..';
      expect(await breaksLayering(`import { createCore } from '${up}/core/createCore';\nvoid createCore;\n`, file), file).toBe(true);
      expect(await breaksLayering(`import { Library } from '${up}/core/library/library';\nvoid Library;\n`, file), file).toBe(true);
      expect(await breaksLayering(`import { CATALOG } from '${up}/../shared/catalog';\nvoid CATALOG;\n`, file), file).toBe(false);
      expect(await breaksLayering(`import { validateRequest } from '${up}/../shared/validation/validate';\nvoid validateRequest;\n`, file), file).toBe(true);
      // The main layer's rules still hold there.
      expect(await breaksLayering("import { ipcMain } from 'electron';\nvoid ipcMain;\n", file), file).toBe(true);
    }
  });

  it('refuse electron’s submodules in the renderer and in src/shared', async () => {
    expect(await breaksLayering("import { ipcRenderer } from 'electron/renderer';\nvoid ipcRenderer;\n", 'src/renderer/src/bad.ts')).toBe(true);
    expect(await breaksLayering("import { app } from 'electron/main';\nvoid app;\n", 'src/shared/bad.ts')).toBe(true);
  });

  it('accept code that keeps to its layer', async () => {
    expect(await breaksLayering("import { CATALOG } from '../../shared/catalog';\nvoid CATALOG;\n", 'src/renderer/src/fine.ts')).toBe(false);
    expect(await breaksLayering("import { contextBridge } from 'electron';\nvoid contextBridge;\n", 'src/preload/index.ts')).toBe(false);
  });
});
