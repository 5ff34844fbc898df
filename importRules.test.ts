import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import rules of `.dependency-cruiser.cjs` (run by `npm run lint`), run as lint runs them on a small tree with
 * one violation of each rule planted, beside imports the rules allow.
 */
const CONFIG = resolve(__dirname, '.dependency-cruiser.cjs');
const DEPCRUISE = resolve(__dirname, 'node_modules/.bin/depcruise');

const TREE: Record<string, string> = {
  // core: engine -> library one way is fine; fs <-> engine is not
  'src/main/core/engine/engine.ts': "import { file } from '../library/library';\nimport { write } from '../fs/write';\nexport const run = () => [file(), write()];\n",
  'src/main/core/library/library.ts': 'export const file = () => 1;\n',
  'src/main/core/fs/write.ts': "import type { run } from '../engine/engine';\nexport const write = (): ReturnType<typeof run> | number => 2;\n",
  // a test may reach anywhere
  'src/main/core/library/library.test.ts': "import { run } from '../engine/engine';\nexport const t = run;\n",
  // renderer: studio -> canvas one way is fine; staging <-> video through a third feature is not
  'src/renderer/src/features/canvas/canvasStore.ts': 'export const store = 1;\n',
  'src/renderer/src/features/studio/Panel.tsx': "import { store } from '../canvas/canvasStore';\nexport const panel = store;\n",
  'src/renderer/src/features/staging/Strip.tsx': "import { actions } from '../video/actions';\nexport const strip = actions;\n",
  'src/renderer/src/features/video/actions.ts': "import { queue } from '../queue/row';\nexport const actions = queue;\n",
  'src/renderer/src/features/queue/row.ts': "import { strip } from '../staging/Strip';\nexport const queue = () => strip;\n",
  // ui knows no feature; a feature never imports the app shell
  'src/renderer/src/ui/Button.tsx': "import { store } from '../features/canvas/canvasStore';\nexport const button = store;\n",
  'src/renderer/src/features/gallery/Grid.tsx': "import { shell } from '../../app/App';\nexport const grid = shell;\n",
  'src/renderer/src/app/App.tsx': "import { panel } from '../features/studio/Panel';\nexport const shell = panel;\n",
};

const root = mkdtempSync(join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Violation {
  readonly rule: { readonly name: string };
  readonly from: string;
  readonly to: string;
}

function cruise(): Violation[] {
  for (const [path, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = spawnSync(DEPCRUISE, ['src', '--config', CONFIG, '--output-type', 'json'], { cwd: root, encoding: 'utf8' });
  if (!run.stdout) throw new Error(`depcruise gave no answer: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('import rules (.dependency-cruiser.cjs)', () => {
  const violations = cruise();
  const named = (rule: string) => violations.filter((v) => v.rule.name === rule).map((v) => `${v.from} -> ${v.to}`).sort();

  it('refuse two core folders that import each other, type imports included, and let one-way imports and tests be', () => {
    expect(named('core-folders-one-way')).toEqual(['src/main/core/engine -> src/main/core/fs', 'src/main/core/fs -> src/main/core/engine']);
  });

  it('refuse features that import each other, through a third one too', () => {
    expect(named('features-one-way')).toEqual([
      'src/renderer/src/features/queue -> src/renderer/src/features/staging',
      'src/renderer/src/features/staging -> src/renderer/src/features/video',
      'src/renderer/src/features/video -> src/renderer/src/features/queue',
    ]);
  });

  it('refuse a feature in ui/ and the app shell in a feature', () => {
    expect(named('ui-imports-no-feature')).toEqual(['src/renderer/src/ui/Button.tsx -> src/renderer/src/features/canvas/canvasStore.ts']);
    expect(named('features-import-no-app')).toEqual(['src/renderer/src/features/gallery/Grid.tsx -> src/renderer/src/app/App.tsx']);
  });

  it('find nothing else', () => {
    expect(violations).toHaveLength(7);
  });
});
