/**
 * `npm start`: builds and opens Gen Studio. Uses Electron when its binary is installed (or can be downloaded);
 * on a machine where it cannot be, opens the same app in Chromium bound to the Node core instead. What it does
 * is decided by planStart (scripts/startPlan.ts, tested); anything that stops it is said in one line.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumExecutable, electronBinary } from '../e2e/harness/runner';
import { downloadFailureReason, hasDisplay, planStart, type StartFacts } from './startPlan';

// npm's shims on Windows are .cmd files, which only a shell runs.
const windows = process.platform === 'win32';
const bin = (name: string) => join('node_modules', '.bin', windows ? `${name}.cmd` : name);
const { values } = parseArgs({ options: { screenshot: { type: 'string' } }, strict: false });

function run(command: string, args: readonly string[]): number {
  return spawnSync(command, [...args], { stdio: 'inherit', shell: windows && command.endsWith('.cmd') }).status ?? 1;
}

let facts: StartFacts = {
  electronInstalled: electronBinary() !== undefined,
  skipDownload: Boolean(process.env.ELECTRON_SKIP_BINARY_DOWNLOAD),
  chromiumAvailable: chromiumExecutable() !== undefined,
  hasDisplay: hasDisplay(process.platform, process.env),
  screenshot: typeof values.screenshot === 'string',
};

let plan = planStart(facts);
if (plan.kind === 'fetch-electron') {
  console.log('Fetching the Electron binary (first start only)…');
  // Its own output is a stack trace when the network is closed; keep it and say what it means in one line.
  const fetched = spawnSync(process.execPath, [join('node_modules', 'electron', 'install.js')], { encoding: 'utf8' });
  facts =
    fetched.status === 0 && electronBinary()
      ? { ...facts, electronInstalled: true }
      : { ...facts, downloadFailed: downloadFailureReason(`${fetched.stderr}\n${fetched.stdout}`) };
  plan = planStart(facts);
}

switch (plan.kind) {
  case 'stop':
    console.error(plan.message);
    process.exit(1);
    break;
  case 'electron':
    process.exit(run(bin('electron-vite'), ['preview']));
    break;
  case 'chromium':
    {
      // Whenever Electron's binary is missing, say so: planStart gives a screenshot run no notice.
      const notice = plan.notice ?? (facts.electronInstalled ? undefined : "Electron's binary is unavailable (not installed): opening Gen Studio in Chromium instead.");
      if (notice) console.log(notice);
    }
    for (const [title, args] of [
      ['electron-vite', ['build']],
      ['vite', ['build', '-c', 'e2e/harness/vite.config.ts', '--logLevel', 'warn']],
    ] as const) {
      if (run(bin(title), args) !== 0) process.exit(1);
    }
    process.exit(run(bin('tsx'), ['scripts/chromium-app.ts', ...process.argv.slice(2)]));
    break;
  case 'fetch-electron':
    // planStart never asks twice: a second answer is either Electron, Chromium or a stop.
    process.exit(1);
}
