/**
 * `npm test`: unit tests, then a build, then the e2e specs on the runner this machine supports.
 *   npm test -- --unit     unit tests only
 *   npm test -- --e2e      build and e2e only
 * Extra arguments after `--` go to Playwright when --e2e is given (e.g. a spec file).
 * With CI set, the unit suite runs once, in a shuffled order (scripts/unitPlan.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chooseRunner, chromiumExecutable, electronBinary } from '../e2e/harness/runner';
import { isCi, unitPlan } from './unitPlan';

const args = process.argv.slice(2);
const onlyUnit = args.includes('--unit');
const onlyE2e = args.includes('--e2e');
const passThrough = args.filter((a) => a !== '--unit' && a !== '--e2e');
// npm's shims on Windows are .cmd files, which only a shell runs.
const windows = process.platform === 'win32';
const bin = (name: string) => (windows ? `node_modules\\.bin\\${name}.cmd` : `node_modules/.bin/${name}`);

function run(title: string, command: string, commandArgs: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env, shell: windows && command.endsWith('.cmd') });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

if (!onlyE2e) {
  const plan = unitPlan({ ci: isCi(process.env), seed: Math.floor(Math.random() * 1_000_000), passThrough: onlyUnit ? passThrough : [] });
  if (plan.replay) console.log(plan.replay);
  run('Unit tests (Vitest)', bin('vitest'), plan.args);
}

if (!onlyUnit) {
  const runner = chooseRunner();
  const why =
    runner === 'electron'
      ? `Electron binary at ${electronBinary()}`
      : `no Electron binary; renderer in ${chromiumExecutable() ?? "Playwright's own Chromium"} bound to the Node core`;
  console.log(`\n[e2e] runner: ${runner} (${why})`);
  run('Build (electron-vite + harness bridge)', bin('electron-vite'), ['build']);
  run('Build harness bridge', bin('vite'), ['build', '-c', 'e2e/harness/vite.config.ts', '--logLevel', 'warn']);

  const env = { ...process.env, GEN_STUDIO_E2E_RUNNER: runner, GEN_STUDIO_RUNNER_ANNOUNCED: '1' };
  const playwright = [bin('playwright'), 'test', ...(onlyE2e ? passThrough : [])];
  // Electron needs a display; on a headless machine run it inside a virtual one.
  if (runner === 'electron' && !process.env.DISPLAY && existsSync('/usr/bin/xvfb-run')) {
    run(`End-to-end (${runner}, under xvfb-run)`, 'xvfb-run', ['-a', ...playwright], env);
  } else {
    run(`End-to-end (${runner})`, playwright[0]!, playwright.slice(1), env);
  }
}
console.log('\n✔ all tests passed');
