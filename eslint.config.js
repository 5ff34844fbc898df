// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Folder = runtime layer (see ARCHITECTURE.md), checked here:
 *   src/shared    pure TypeScript: no Node, DOM, Electron, React, Konva or zustand
 *   src/preload   electron's renderer modules and src/shared only
 *   src/renderer  no Node, no Electron, no network: it reaches the world through window.gen
 *   src/main/core plain Node: no Electron, so it runs in tests and the browser harness; of the Sandbox it
 *                 imports only the public index and api
 *   src/main/sandbox  the offline service, standing alone: it never imports the core
 * ipcMain and ipcRenderer appear in one wrapper file each.
 */
const NODE_BUILTINS = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const NODE_ONLY_PACKAGES = ['sharp', 'keytar', '@napi-rs/keyring', '@napi-rs/keyring/*', 'conf'];

const IPC_MAIN_FILE = 'src/main/ipc/ipcMain.ts';
const PRELOAD_FILE = 'src/preload/index.ts';

const pattern = (group, message) => ({ group, message });

/*
 * In flat config a later block's `no-restricted-imports` replaces the options of an earlier one for the same
 * file, it does not add to them. So every block below builds its whole list from these shared pieces rather
 * than adding a path or two on top of a layer's rule.
 */
const restrictions = {
  node: { paths: NODE_BUILTINS.map((name) => ({ name, message: 'This layer does not run in Node.' })) },
  nodePackages: (message) => ({ patterns: [pattern(NODE_ONLY_PACKAGES, message)] }),
  /**
   * Electron exports ipcMain from `electron` and `electron/main`, ipcRenderer from `electron` and `electron/renderer`.
   * The default import is barred with them: `electron.ipcMain` would otherwise reach round the named rule.
   */
  ipcMain: {
    paths: ['electron', 'electron/main'].map((name) => ({
      name,
      importNames: ['ipcMain', 'default'],
      message: `ipcMain is used only in its wrapper (${IPC_MAIN_FILE}); import Electron's other modules by name.`,
    })),
  },
  ipcRenderer: {
    paths: ['electron', 'electron/renderer'].map((name) => ({
      name,
      importNames: ['ipcRenderer', 'default'],
      message: `ipcRenderer is used only in its wrapper (${PRELOAD_FILE}); import Electron's other modules by name.`,
    })),
  },
  mainImportsNoUI: { patterns: [pattern(['**/renderer/**', '**/preload/**'], 'Main does not import the renderer or the preload.')] },
  coreImportsSandboxApi: {
    patterns: [pattern(['**/sandbox/**', '!**/sandbox/index', '!**/sandbox/api'], 'The core uses the Sandbox only through its public index and api.')],
  },
  sandboxImportsNoCore: {
    patterns: [pattern(['**/core', '**/core/**'], 'The Sandbox stands alone (it runs as its own command too): it imports src/shared, never the core.')],
  },
  /** A test that checks the app's validation against the Sandbox compares two implementations, not one with itself. */
  sandboxValidatesItself: {
    patterns: [pattern(['**/shared/validation', '**/shared/validation/**'], 'The Sandbox validates with its own code (src/main/sandbox/validation), never the app’s.')],
  },
};

/** One `no-restricted-imports` setting from pieces of `restrictions`. */
const restrictImports = (...parts) => [
  'error',
  { paths: parts.flatMap((p) => p.paths ?? []), patterns: parts.flatMap((p) => p.patterns ?? []) },
];

const preloadLayer = [
  restrictions.node,
  restrictions.nodePackages('The sandboxed preload cannot load Node packages.'),
  restrictions.ipcMain,
  { patterns: [pattern(['electron/main', '**/main/**', '**/renderer/**'], 'The preload imports only electron and src/shared.')] },
];

const mainLayer = [restrictions.mainImportsNoUI, restrictions.ipcRenderer];

const coreLayer = [
  ...mainLayer,
  restrictions.ipcMain,
  restrictions.coreImportsSandboxApi,
  {
    paths: [{ name: 'electron', message: 'The core runs in plain Node; Electron belongs to src/main/shell and the IPC wrapper.' }],
    patterns: [pattern(['electron/*', 'electron-store'], 'The core runs in plain Node.')],
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty-pattern': 'off',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': restrictImports(restrictions.node, {
        patterns: [
          pattern(['electron', 'electron/*', 'react', 'react-dom', 'react/*', 'konva', 'konva/*', 'zustand', 'zustand/*', ...NODE_ONLY_PACKAGES], 'src/shared is pure TypeScript.'),
          pattern(['**/main/**', '**/renderer/**', '**/preload/**', '**/e2e/**'], 'src/shared imports nothing above it.'),
        ],
      }),
      'no-restricted-globals': ['error', 'process', 'window', 'document', 'Buffer', 'require', '__dirname', 'navigator'],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': restrictImports(...preloadLayer),
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    ignores: [PRELOAD_FILE],
    rules: { 'no-restricted-imports': restrictImports(...preloadLayer, restrictions.ipcRenderer) },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // On everywhere, and an error: a stale dependency is a stale screen. No file turns it off.
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': restrictImports(restrictions.node, {
        paths: [{ name: 'electron', message: 'The renderer reaches main only through window.gen.' }],
        patterns: [
          pattern(['electron/*', ...NODE_ONLY_PACKAGES], 'The renderer reaches main only through window.gen.'),
          pattern(['**/main/**', '**/preload/**'], 'The renderer imports only src/shared and itself.'),
        ],
      }),
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'The renderer has no process.' },
        { name: 'require', message: 'The renderer has no require.' },
        { name: 'Buffer', message: 'Use Uint8Array.' },
        { name: 'fetch', message: 'The renderer never touches the network; main does.' },
        { name: 'XMLHttpRequest', message: 'The renderer never touches the network; main does.' },
        { name: 'WebSocket', message: 'The renderer never touches the network; main does.' },
        { name: 'EventSource', message: 'The renderer never touches the network; main does.' },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/main/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(...mainLayer, restrictions.ipcMain) },
  },
  {
    files: [IPC_MAIN_FILE],
    rules: { 'no-restricted-imports': restrictImports(...mainLayer) },
  },
  {
    files: ['src/main/core/**/*.ts', 'src/main/ipc/dispatcher.ts'],
    rules: { 'no-restricted-imports': restrictImports(...coreLayer) },
  },
  {
    files: ['src/main/sandbox/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(...mainLayer, restrictions.ipcMain, restrictions.sandboxImportsNoCore, restrictions.sandboxValidatesItself) },
  },
  {
    // Tests and their helpers may use the app's validation: to build valid bodies, and to compare the two.
    files: ['src/main/sandbox/**/*.test.ts', 'src/main/sandbox/testing/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(...mainLayer, restrictions.ipcMain, restrictions.sandboxImportsNoCore) },
  },
  {
    files: ['e2e/harness/bridge.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
