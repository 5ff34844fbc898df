import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const LAYERING = ['no-restricted-imports', 'no-restricted-globals'];
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

  it('allow ipcMain only in its wrapper, and keep Electron out of the core', async () => {
    const code = "import { ipcMain } from 'electron';\nvoid ipcMain;\n";
    expect(await breaksLayering(code, 'src/main/shell/bad.ts')).toBe(true);
    expect(await breaksLayering(code, 'src/main/ipc/ipcMain.ts')).toBe(false);
    expect(await breaksLayering("import { app } from 'electron';\nvoid app;\n", 'src/main/core/bad.ts')).toBe(true);
    expect(await breaksLayering("import { app } from 'electron';\nvoid app;\n", 'src/main/shell/fine.ts')).toBe(false);
  });

  it('accept code that keeps to its layer', async () => {
    expect(await breaksLayering("import { CATALOG } from '../../shared/catalog';\nvoid CATALOG;\n", 'src/renderer/src/fine.ts')).toBe(false);
    expect(await breaksLayering("import { contextBridge } from 'electron';\nvoid contextBridge;\n", 'src/preload/index.ts')).toBe(false);
  });
});
