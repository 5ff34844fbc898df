/**
 * `npx tsx scripts/packagedNatives.ts [dist]`: checks the apps electron-builder packaged (its `*-unpacked` and
 * `mac*` folders) before their installers are published: each carries the native prebuilds package-lock.json
 * pins for its own system and architecture and no other's, every native file is unpacked from the asar and
 * built for that architecture (read from its header), the update feed names the repository, and the Electron
 * binary's fuses are as electron-builder.yml sets them. Exits 1 naming each problem. The release workflow runs it after packaging;
 * electron-builder.pack.test.ts runs it on a package made here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { binaryArch } from './binaryArch';
import { prebuildsFor, type Arch, type Lockfile, type NpmPlatform } from './prebuildPlan';

export interface PackagedApp {
  readonly platform: NpmPlatform;
  readonly arch: Arch;
  /** The folder holding app.asar. */
  readonly resources: string;
  /** What @electron/fuses reads: the executable, or the .app on macOS. */
  readonly executable: string;
}

export interface BuilderConfig {
  readonly productName: string;
  readonly electronFuses: Readonly<Record<string, boolean>>;
  readonly linux?: { readonly executableName?: string };
}

const ROOT = resolve(import.meta.dirname, '..');
/** electron-builder's own asar and fuses readers, the versions that wrote the package. */
const builderRequire = createRequire(createRequire(join(ROOT, 'package.json')).resolve('app-builder-lib/package.json'));

export const isNativeFile = (name: string) => /\.node$|\.dll$|\.dylib$|\.so(\.\d+)*$/.test(name);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** The apps electron-builder left in its output folder, named by its folder conventions. */
export function packagedApps(dist: string, config: BuilderConfig, packageName: string): PackagedApp[] {
  const apps: PackagedApp[] = [];
  const archOf = (suffix: string | undefined): Arch | undefined => (suffix === undefined ? 'x64' : suffix === 'arm64' ? 'arm64' : undefined);
  for (const name of existsSync(dist) ? readdirSync(dist) : []) {
    const dir = join(dist, name);
    let match = /^(linux|win)(?:-(\w+))?-unpacked$/.exec(name);
    if (match) {
      const arch = archOf(match[2]);
      if (!arch) continue;
      const linux = match[1] === 'linux';
      const executable = join(dir, linux ? (config.linux?.executableName ?? packageName) : `${config.productName}.exe`);
      apps.push({ platform: linux ? 'linux' : 'win32', arch, resources: join(dir, 'resources'), executable });
      continue;
    }
    match = /^mac(?:-(\w+))?$/.exec(name);
    if (match && statSync(dir).isDirectory()) {
      const arch = archOf(match[1]);
      const app = join(dir, `${config.productName}.app`);
      if (arch && existsSync(app)) apps.push({ platform: 'darwin', arch, resources: join(app, 'Contents', 'Resources'), executable: app });
    }
  }
  return apps.sort((a, b) => `${a.platform} ${a.arch}`.localeCompare(`${b.platform} ${b.arch}`));
}

interface AsarReader {
  statFile(archive: string, file: string): { unpacked?: boolean };
}
interface FuseReader {
  getCurrentFuseWire(path: string): Promise<Record<string, number | string>>;
  FuseV1Options: Record<string, number | string>;
}

/** statFile throws for a path the archive does not hold. */
function inArchive(statFile: AsarReader['statFile'], asar: string, path: string): boolean {
  try {
    statFile(asar, path);
    return true;
  } catch {
    return false;
  }
}

function isMarkedUnpacked(statFile: AsarReader['statFile'], asar: string, path: string): boolean {
  try {
    return statFile(asar, path).unpacked === true;
  } catch {
    return false;
  }
}

/** Every problem with one packaged app; empty when it is fit to ship. */
export async function checkPackagedApp(app: PackagedApp, lock: Lockfile, config: BuilderConfig): Promise<string[]> {
  const problems: string[] = [];
  const where = `${app.platform} ${app.arch}`;
  const asar = join(app.resources, 'app.asar');
  const unpacked = join(app.resources, 'app.asar.unpacked');
  if (!existsSync(asar)) return [`${where}: no app.asar in ${app.resources}`];
  const { statFile } = builderRequire('@electron/asar') as AsarReader;

  // Its own prebuilds, each unpacked with native code in it.
  for (const prebuild of prebuildsFor(lock, app.platform, [app.arch]).packages) {
    const natives = filesUnder(join(unpacked, 'node_modules', prebuild.name)).filter((f) => isNativeFile(f));
    if (natives.length === 0) problems.push(`${where}: ${prebuild.name} is missing from app.asar.unpacked`);
  }
  // No other architecture's: they would only add weight, and a wrong one loaded is a crash.
  for (const other of (['x64', 'arm64'] as const).filter((a) => a !== app.arch)) {
    for (const prebuild of prebuildsFor(lock, app.platform, [other]).packages) {
      if (inArchive(statFile, asar, join('node_modules', prebuild.name)) || existsSync(join(unpacked, 'node_modules', prebuild.name))) problems.push(`${where}: carries ${prebuild.name}, built for ${other}`);
    }
  }
  // Every native file: built for this architecture, and known to the asar as unpacked so require() finds it.
  for (const file of filesUnder(unpacked).filter((f) => isNativeFile(f))) {
    const path = relative(unpacked, file);
    const name = path.split('\\').join('/');
    const info = binaryArch(readFileSync(file));
    if (!info) problems.push(`${where}: ${name} is not a native binary`);
    else if (!info.archs.includes(app.arch)) problems.push(`${where}: ${name} is built for ${info.archs.join('+')}`);
    if (!isMarkedUnpacked(statFile, asar, path)) problems.push(`${where}: ${name} is not listed in app.asar as unpacked`);
  }
  // The update feed electron-updater reads: which GitHub repository's releases to look in.
  const feedFile = join(app.resources, 'app-update.yml');
  const feed = existsSync(feedFile) ? (parse(readFileSync(feedFile, 'utf8')) as { provider?: string; owner?: string; repo?: string } | null) : null;
  if (!feed?.provider || !feed.owner || !feed.repo) problems.push(`${where}: app-update.yml does not name the GitHub repository whose releases updates come from`);

  // Fuses, as electron-builder.yml sets them.
  const fuses = builderRequire('@electron/fuses') as FuseReader;
  try {
    const wire = await fuses.getCurrentFuseWire(app.executable);
    for (const [option, on] of Object.entries(config.electronFuses)) {
      const index = fuses.FuseV1Options[option.charAt(0).toUpperCase() + option.slice(1)];
      if (typeof index !== 'number') problems.push(`${where}: @electron/fuses knows no fuse "${option}"`);
      else if (wire[index] !== (on ? 0x31 : 0x30)) problems.push(`${where}: fuse ${option} is not ${on ? 'on' : 'off'}`);
    }
  } catch (error) {
    problems.push(`${where}: the fuses cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  return problems;
}

async function main(): Promise<void> {
  const dist = resolve(process.argv[2] ?? 'dist');
  const config = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string };
  const apps = packagedApps(dist, config, pkg.name);
  if (apps.length === 0) {
    console.error(`No packaged app in ${dist}: run electron-builder first.`);
    process.exit(1);
  }
  let failed = false;
  for (const app of apps) {
    const problems = await checkPackagedApp(app, lock, config);
    failed ||= problems.length > 0;
    console.log(problems.length === 0 ? `ok   ${app.platform} ${app.arch}` : problems.map((p) => `FAIL ${p}`).join('\n'));
  }
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
