// @ts-check
/**
 * Import rules inside the layers, as VS Code's per-component rules: the folders of one layer depend on each other
 * one way, so each can be read, tested and changed knowing only what lies below it. Run by `npm run lint`
 * (`depcruise src`); `importRules.test.ts` plants a violation of each rule and sees it caught.
 *
 * Which layer may import which (src/shared pure, the renderer without Node, the core without Electron) stays in
 * eslint.config.js: it also bars globals and single names (ipcMain), which are no import of a file.
 *
 * Tests are left out: a test may reach into any folder to set up what it checks.
 */

/** The folder under `root` that a path lies in, as a regular expression group: `$1` in a `to` names it. */
const topFolder = (root) => `^(${root}/[^/]+)`;

/** A dependency of a folder of `root` on another folder of `root` that leads back to it. */
const oneWay = (name, root, comment) => ({
  name,
  comment,
  severity: 'error',
  scope: 'folder',
  from: { path: topFolder(root) },
  to: { path: `^${root}/[^/]+`, pathNot: '^$1(/|$)', circular: true },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    oneWay(
      'core-folders-one-way',
      'src/main/core',
      'Two folders of the core import each other: move what both need to the lower one, or to src/shared.',
    ),
    oneWay(
      'features-one-way',
      'src/renderer/src/features',
      'Two renderer features import each other: the one that shows the other imports it, never back; what both need goes to store/, ui/ or src/shared.',
    ),
    {
      name: 'ui-imports-no-feature',
      comment: 'ui/ holds the pieces every screen uses: it knows no feature.',
      severity: 'error',
      from: { path: '^src/renderer/src/ui/' },
      to: { path: '^src/renderer/src/features/' },
    },
    {
      name: 'features-import-no-app',
      comment: 'app/ lays the features out on screens: a feature never imports it back; what both need goes to store/ or ui/.',
      severity: 'error',
      from: { path: '^src/renderer/src/(features|ui|store)/' },
      to: { path: '^src/renderer/src/app/' },
    },
  ],
  options: {
    exclude: { path: '\\.test\\.tsx?$|^src/main/core/testing/|/fixtures/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
