/**
 * `npm start`: builds and opens Gen Studio. Uses Electron when its binary is installed (or can be downloaded);
 * on a machine where it cannot be, opens the same app in Chromium bound to the Node core instead.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { electronBinary } from '../e2e/harness/runner';

function tryInstallElectron(): boolean {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return false;
  console.log('Fetching the Electron binary (first start only)…');
  return spawnSync(process.execPath, [join('node_modules', 'electron', 'install.js')], { stdio: 'inherit' }).status === 0;
}

const bin = (name: string) => join('node_modules', '.bin', name);

if (electronBinary() || tryInstallElectron()) {
  const result = spawnSync(bin('electron-vite'), ['preview'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

console.log('The Electron binary is not available here; opening Gen Studio in Chromium instead.');
for (const [title, args] of [
  ['electron-vite', ['build']],
  ['vite', ['build', '-c', 'e2e/harness/vite.config.ts', '--logLevel', 'warn']],
] as const) {
  if (spawnSync(bin(title), [...args], { stdio: 'inherit' }).status !== 0) process.exit(1);
}
const result = spawnSync(bin('tsx'), ['scripts/chromium-app.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
