/**
 * `npx tsx scripts/prebuilds.ts --platform linux --arch x64 --arch arm64`: installs, beside what `npm ci` put in
 * node_modules, the native prebuilds (sharp's binding and libvips, the keychain binding) of every given
 * architecture of one system, at the versions package-lock.json pins, so one electron-builder run can package
 * them all. The list comes from scripts/prebuildPlan.ts; npm fetches and verifies each package. `--force` is
 * what lets npm place a package whose `cpu` is not this machine's; `--no-save` leaves package.json and the
 * lockfile as they are. Run by the release workflow before electron-builder (README, "Release").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prebuildsFor, type Arch, type Lockfile, type NpmPlatform } from './prebuildPlan';

const PLATFORMS: readonly NpmPlatform[] = ['linux', 'darwin', 'win32'];
const ARCHS: readonly Arch[] = ['x64', 'arm64'];

const { values } = parseArgs({ options: { platform: { type: 'string' }, arch: { type: 'string', multiple: true } } });
const platform = values.platform as NpmPlatform | undefined;
const archs = (values.arch ?? []) as Arch[];
if (!platform || !PLATFORMS.includes(platform) || archs.length === 0 || archs.some((a) => !ARCHS.includes(a))) {
  console.error(`Usage: npx tsx scripts/prebuilds.ts --platform ${PLATFORMS.join('|')} --arch ${ARCHS.join('|')} [--arch …]`);
  process.exit(2);
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lockfile;
const plan = prebuildsFor(lock, platform, archs);
if (plan.gaps.length > 0) {
  console.error(`No prebuild in package-lock.json for: ${plan.gaps.join(', ')}.`);
  process.exit(1);
}

const installedVersion = (name: string): string | undefined => {
  const manifest = join('node_modules', name, 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
};
const wanted = plan.packages.filter((p) => installedVersion(p.name) !== p.version);
for (const p of plan.packages) console.log(`${wanted.includes(p) ? 'installing' : 'present   '} ${p.name}@${p.version} (${platform} ${p.arch})`);
if (wanted.length > 0) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--no-save', '--force', '--ignore-scripts', '--no-audit', '--no-fund', ...wanted.map((p) => `${p.name}@${p.version}`)];
  const result = spawnSync(npm, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const still = wanted.filter((p) => installedVersion(p.name) !== p.version);
  if (still.length > 0) {
    console.error(`npm did not install: ${still.map((p) => `${p.name}@${p.version}`).join(', ')}.`);
    process.exit(1);
  }
}
