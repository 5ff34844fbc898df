/**
 * Which platform packages a release needs so that every architecture it builds carries its own native code.
 *
 * sharp (with libvips) and @napi-rs/keyring ship their binaries as optional packages limited by `os`/`cpu`/`libc`
 * (`@img/sharp-linux-arm64`, `@napi-rs/keyring-win32-arm64-msvc`…); `npm ci` installs only the running machine's.
 * The release builds both architectures of a system on one runner (so macOS gets one update feed naming both
 * zips and Windows one installer holding both), so the other architecture's packages are installed beside them
 * from the lockfile (scripts/prebuilds.ts) and electron-builder.yml keeps each app to its own.
 * Pure: read from the lockfile alone, tested in prebuildPlan.test.ts.
 */

export type NpmPlatform = 'linux' | 'darwin' | 'win32';
export type Arch = 'x64' | 'arm64';

export interface LockEntry {
  readonly version?: string;
  readonly dev?: boolean;
  readonly optional?: boolean;
  readonly os?: readonly string[];
  readonly cpu?: readonly string[];
  readonly libc?: readonly string[];
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
}

export interface Lockfile {
  readonly packages: Readonly<Record<string, LockEntry>>;
}

export interface Prebuild {
  readonly name: string;
  readonly version: string;
  readonly arch: Arch;
}

const isPlatformBound = (entry: LockEntry) => entry.os !== undefined || entry.cpu !== undefined;

/** A package meant for this system and architecture; on Linux the glibc build, which the AppImage and deb run on. */
function fits(entry: LockEntry, platform: NpmPlatform, arch: Arch): boolean {
  if (!entry.os?.includes(platform) || !entry.cpu?.includes(arch)) return false;
  return platform !== 'linux' || entry.libc === undefined || entry.libc.includes('glibc');
}

export interface PrebuildPlan {
  /** What to install, with the version the lockfile pins. */
  readonly packages: Prebuild[];
  /** "sharp for arm64": a package that chooses among prebuilds offers none for that architecture. */
  readonly gaps: string[];
}

/**
 * Every platform package that the app's production dependencies choose among, for each of the given
 * architectures of one system. Follows a chosen package's own platform-bound dependencies (sharp's binding needs
 * its libvips package). A production package "chooses" when it has platform-bound optional dependencies.
 */
export function prebuildsFor(lock: Lockfile, platform: NpmPlatform, archs: readonly Arch[]): PrebuildPlan {
  const entryOf = (name: string) => lock.packages[`node_modules/${name}`];
  const choosers = Object.entries(lock.packages).filter(
    ([path, entry]) =>
      path.startsWith('node_modules/') &&
      !entry.dev &&
      !isPlatformBound(entry) &&
      Object.keys(entry.optionalDependencies ?? {}).some((dep) => {
        const candidate = entryOf(dep);
        return candidate !== undefined && isPlatformBound(candidate);
      }),
  );
  const found = new Map<string, Prebuild>();
  const gaps: string[] = [];
  const take = (name: string, arch: Arch): boolean => {
    const entry = entryOf(name);
    if (!entry || entry.dev || !entry.version || !fits(entry, platform, arch)) return false;
    if (found.has(name)) return true;
    found.set(name, { name, version: entry.version, arch });
    for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) take(dep, arch);
    return true;
  };
  for (const arch of archs) {
    for (const [path, entry] of choosers) {
      const taken = Object.keys(entry.optionalDependencies ?? {}).filter((dep) => take(dep, arch));
      if (taken.length === 0) gaps.push(`${path.slice('node_modules/'.length)} for ${platform} ${arch}`);
    }
  }
  return { packages: [...found.values()].sort((a, b) => a.name.localeCompare(b.name)), gaps };
}
