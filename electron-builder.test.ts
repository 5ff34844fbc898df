import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ICNS_TYPES, ICO_SIZES, PNG_SIZES, WINDOW_ICON } from './scripts/iconSizes';

/**
 * The installers cannot be built here (no Electron binary), so this checks the configuration that builds them:
 * parsed as electron-builder parses it and validated against electron-builder's own schema.
 */
const ROOT = dirname(fileURLToPath(import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path));

interface TargetEntry {
  target: string;
  arch: string[];
}
interface Config {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  asarUnpack: string[];
  npmRebuild: boolean;
  electronFuses: Record<string, boolean>;
  fileAssociations: Array<{ ext: string; mimeType: string; name: string }>;
  directories: { output: string; buildResources: string };
  win: { icon: string; target: TargetEntry[] };
  nsis: { oneClick: boolean; perMachine: boolean; allowElevation: boolean };
  mac: {
    icon: string;
    target: TargetEntry[];
    hardenedRuntime: boolean;
    entitlements: string;
    entitlementsInherit: string;
    notarize: boolean;
  };
  linux: { icon: string; target: TargetEntry[]; syncDesktopName: boolean };
  publish: { provider: string };
}

const config = parse(read('electron-builder.yml').toString('utf8')) as Config;
const pkg = JSON.parse(read('package.json').toString('utf8')) as {
  version: string;
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** electron-builder's own modules, resolved where it resolves them, so the test applies its exact rules. */
const builderRequire = createRequire(createRequire(join(ROOT, 'package.json')).resolve('app-builder-lib/package.json'));
const { Minimatch } = builderRequire('minimatch') as { Minimatch: new (pattern: string, options: { dot: boolean }) => { match(path: string): boolean } };

const PLATFORMS = { win: 'win32', mac: 'darwin', linux: 'linux' } as const;
const EXPECTED_TARGETS = {
  win: ['nsis'],
  mac: ['dmg', 'zip'],
  linux: ['AppImage', 'deb'],
} as const;
const ARCHS = ['x64', 'arm64'];

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema', async () => {
    const { validateConfiguration } = builderRequire('./out/util/config/config') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = builderRequire('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    await expect(validateConfiguration(structuredClone(config), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('names the app and takes its version from package.json', () => {
    expect(config.productName).toBe('Gen Studio');
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z]+)+$/);
    expect(config).not.toHaveProperty('version');
    expect(config).not.toHaveProperty('extraMetadata.version');
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('builds every installer for x64 and arm64', () => {
    for (const [platform, targets] of Object.entries(EXPECTED_TARGETS) as Array<[keyof typeof EXPECTED_TARGETS, readonly string[]]>) {
      const entries = config[platform].target;
      expect(entries.map((t) => t.target).sort(), platform).toEqual([...targets].sort());
      for (const entry of entries) expect(entry.arch.sort(), `${platform} ${entry.target}`).toEqual([...ARCHS].sort());
    }
  });

  it('installs per user on Windows, without asking for administrator rights', () => {
    expect(config.nsis).toMatchObject({ oneClick: true, perMachine: false, allowElevation: false });
  });

  it('runs hardened on macOS with the JIT as its one entitlement, notarizing when the signing variables are set', () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.notarize).toBe(true);
    for (const file of [config.mac.entitlements, config.mac.entitlementsInherit]) {
      const plist = read(file).toString('utf8');
      const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1]);
      expect(keys, file).toEqual(['com.apple.security.cs.allow-jit']);
      expect(plist).toMatch(/<key>com\.apple\.security\.cs\.allow-jit<\/key>\s*<true\/>/);
    }
  });

  it('registers .genstudio with a desktop entry and a MIME type on Linux', () => {
    // One association drives the Windows registry entries, macOS's document types, the Linux entry's MimeType
    // and the deb's MIME glob (the entry as electron-builder writes it is read in electron-builder.pack.test.ts).
    const association = config.fileAssociations.find((a) => a.ext === 'genstudio');
    expect(association?.mimeType).toBe('application/x-genstudio');
    expect(config.linux).not.toHaveProperty('mimeTypes'); // would list the type twice in the entry
    // The window is tied to the entry by desktopName, which Electron uses as its app_id / WM_CLASS.
    expect(JSON.parse(read('package.json').toString('utf8')).desktopName).toBe('gen-studio.desktop');
    expect(config.linux).toMatchObject({ syncDesktopName: true });
  });

  it('flips the fuses', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
  });

  it('packs the built app into the asar and leaves development files out', () => {
    expect(config.asar).toBe(true);
    // The `!` patterns only narrow node_modules per architecture (electron-builder.pack.test.ts runs them).
    const included = config.files.filter((pattern) => !pattern.startsWith('!'));
    expect(config.files.filter((pattern) => pattern.startsWith('!')).every((p) => p.startsWith('!node_modules/') && p.includes('${arch}'))).toBe(true);
    const matchesFiles = (path: string) => included.some((pattern) => new Minimatch(pattern, { dot: true }).match(path));
    expect(matchesFiles(pkg.main.replace(/^\.\//, ''))).toBe(true);
    expect(matchesFiles('out/preload/index.cjs')).toBe(true);
    expect(matchesFiles('out/renderer/index.html')).toBe(true);
    expect(matchesFiles(WINDOW_ICON)).toBe(true);
    expect(matchesFiles('out/harness/bridge.js')).toBe(false);
    expect(matchesFiles('src/main/index.ts')).toBe(false);
  });
});

/** Production dependencies as npm installed them: every package reachable from `dependencies`, optional ones included. */
function shippedPackages(): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (name: string, from: string) => {
    let dir: string | undefined;
    for (let base = from; ; base = dirname(base)) {
      const candidate = join(base, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) {
        dir = candidate;
        break;
      }
      if (base === ROOT || dirname(base) === base) break;
    }
    if (!dir || found.has(dir)) return; // an optional dependency for another platform is not installed here
    found.set(dir, name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) visit(dep, dir);
  };
  for (const dep of Object.keys(pkg.dependencies)) visit(dep, ROOT);
  return found;
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

/** Native code a process loads from disk: Node addons and the shared libraries they link (libvips). */
const isNative = (name: string) => /\.node$|\.dll$|\.dylib$|\.so(\.\d+)*$/.test(name);

describe('native modules', () => {
  const shipped = shippedPackages();
  const native = [...shipped.keys()].flatMap((dir) => filesUnder(dir, isNative)).map((file) => relative(ROOT, file).split('\\').join('/'));

  it('finds the native modules by scanning node_modules', () => {
    // sharp and the keychain binding ship addons for this machine; a scan that finds neither is broken.
    expect(native.some((f) => f.startsWith('node_modules/@img/sharp-') && f.endsWith('.node'))).toBe(true);
    expect(native.some((f) => f.startsWith('node_modules/@napi-rs/keyring-') && f.endsWith('.node'))).toBe(true);
    expect(native.some((f) => f.startsWith('node_modules/@img/sharp-libvips-'))).toBe(true);
    // dev-only native modules (the bundler's) do not ship
    expect(native.some((f) => f.includes('rolldown') || f.includes('lightningcss'))).toBe(false);
  });

  it('unpacks every shipped native file from the asar', () => {
    const unpacked = config.asarUnpack.map((pattern) => new Minimatch(pattern, { dot: true }));
    const packed = native.filter((file) => !unpacked.some((m) => m.match(file)));
    expect(packed).toEqual([]);
  });

  it('has a prebuild for every target platform and architecture in the lockfile', () => {
    // Each architecture is built on a runner of that architecture by `npm ci`, which installs only that
    // platform's optional packages; the lockfile must list one for each target, or that installer ships without it.
    const lock = JSON.parse(read('package-lock.json').toString('utf8')) as {
      packages: Record<string, { os?: string[]; cpu?: string[]; libc?: string[]; dev?: boolean; optionalDependencies?: Record<string, string> }>;
    };
    const nativeOwners = new Set(native.map((file) => file.match(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)/)?.[1]));
    // The packages that choose a prebuild: those whose optional dependencies include a package holding native code.
    const choosers = Object.entries(lock.packages).filter(
      ([path, entry]) => !entry.dev && !entry.os && Object.keys(entry.optionalDependencies ?? {}).some((dep) => nativeOwners.has(dep)) && path.startsWith('node_modules/'),
    );
    expect(choosers.map(([path]) => path).sort()).toEqual(expect.arrayContaining(['node_modules/@napi-rs/keyring', 'node_modules/sharp']));
    for (const [path, entry] of choosers) {
      for (const [platform, os] of Object.entries(PLATFORMS)) {
        for (const cpu of ARCHS) {
          const match = Object.keys(entry.optionalDependencies ?? {}).find((dep) => {
            const candidate = lock.packages[`node_modules/${dep}`];
            return candidate?.os?.includes(os) && candidate.cpu?.includes(cpu) && (os !== 'linux' || !candidate.libc || candidate.libc.includes('glibc'));
          });
          expect(match, `${path} for ${platform} ${cpu}`).toBeDefined();
        }
      }
    }
  });

  it('never rebuilds them at packaging: they are Node-API prebuilds', () => {
    expect(config.npmRebuild).toBe(false);
  });
});

function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('icons', () => {
  it('has every PNG size Linux needs, each at its stated size', () => {
    const dir = config.linux.icon;
    for (const size of PNG_SIZES) expect(pngSize(read(join(dir, `${size}x${size}.png`))), `${size}`).toEqual([size, size]);
    expect(pngSize(read(WINDOW_ICON))).toEqual([512, 512]);
  });

  it('has a Windows .ico with every size from 16 to 256', () => {
    expect(config.win.icon.endsWith('.ico')).toBe(true);
    const ico = read(config.win.icon);
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + i * 16] || 256);
    expect(sizes.sort((a, b) => a - b)).toEqual([...ICO_SIZES]);
    for (let i = 0; i < count; i++) {
      const length = ico.readUInt32LE(6 + i * 16 + 8);
      const offset = ico.readUInt32LE(6 + i * 16 + 12);
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      expect(pngSize(ico.subarray(offset, offset + length))[0]).toBe(ico[6 + i * 16] || 256);
    }
  });

  it('has a macOS .icns with every iconset entry up to 1024', () => {
    expect(config.mac.icon.endsWith('.icns')).toBe(true);
    const icns = read(config.mac.icon);
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const entries = new Map<string, number>();
    for (let offset = 8; offset < icns.length; ) {
      const type = icns.subarray(offset, offset + 4).toString('latin1');
      const length = icns.readUInt32BE(offset + 4);
      expect(length).toBeGreaterThan(8);
      const body = icns.subarray(offset + 8, offset + length);
      // 16 and 32 px entries are stored as compressed ARGB, as iconutil writes them; the rest as PNG.
      if (type === 'ic04' || type === 'ic05') expect(body.subarray(0, 4).toString('latin1')).toBe('ARGB');
      if (type !== 'TOC ') entries.set(type, body.subarray(0, 4).toString('latin1') === 'ARGB' ? (type === 'ic04' ? 16 : 32) : pngSize(body)[0]);
      offset += length;
    }
    expect(Object.fromEntries(entries)).toEqual(Object.fromEntries(ICNS_TYPES));
  });

  it('keeps the one source drawing the icons are made from', () => {
    expect(statSync(join(ROOT, 'resources/icon.svg')).size).toBeGreaterThan(0);
    expect(read('resources/icon.svg').toString('utf8')).toMatch(/^<svg[^>]+viewBox="0 0 1024 1024"/);
  });
});

/**
 * The actions and runner images the workflows name, each checked against its publisher's releases (2026-11):
 * these majors exist and run on Node 24, the runtime GitHub keeps after retiring Node 20 for actions. Anything
 * else fails here, so a typo or a retired image is caught before a tag is pushed.
 */
const KNOWN_ACTIONS = ['actions/checkout@v6', 'actions/setup-node@v6', 'actions/upload-artifact@v6', 'actions/download-artifact@v7'];
/** GitHub-hosted images: Linux x64, Windows Server 2025 x64, macOS 15 on Apple silicon (macos-13 was retired). */
const KNOWN_RUNNERS = ['ubuntu-24.04', 'windows-2025', 'macos-15'];

describe('the release workflow', () => {
  interface Step {
    uses?: string;
    run?: string;
    env?: Record<string, string>;
    with?: Record<string, string | boolean>;
  }
  interface Job {
    needs?: string;
    uses?: string;
    'runs-on'?: string;
    strategy?: { matrix: { include?: Array<Record<string, string>>; os?: string[] } };
    steps?: Step[];
  }
  interface Workflow {
    on: { push?: { tags?: string[]; branches?: string[] }; workflow_call?: unknown };
    jobs: Record<string, Job>;
  }
  const release = parse(read('.github/workflows/release.yml').toString('utf8')) as Workflow;
  const tests = parse(read('.github/workflows/test.yml').toString('utf8')) as Workflow;
  const stepIndex = (steps: Step[], test: (s: Step) => boolean) => steps.findIndex(test);

  it('audits the app’s dependencies for known vulnerabilities right after installing, in the tests and before the installers', () => {
    const audit = 'npm audit --omit=dev --audit-level=high';
    for (const steps of [tests.jobs.test!.steps!, release.jobs.installers!.steps!]) {
      const install = stepIndex(steps, (s) => s.run === 'npm ci');
      expect(install).toBeGreaterThanOrEqual(0);
      expect(steps[install + 1]?.run).toBe(audit);
    }
    // The build machines here cannot reach the advisories database: .ci/run says so rather than failing.
    expect(read('.ci/run').toString('utf8')).toMatch(/echo "npm audit skipped: the advisories database cannot be reached/);
  });

  it('runs on a version tag: the tests, then the installers, then one draft release', () => {
    expect(release.on.push?.tags).toEqual(['v*']);
    expect(release.jobs.test?.uses).toBe('./.github/workflows/test.yml');
    expect(tests.on).toHaveProperty('workflow_call');
    // A tag runs the tests once, through the release, not a second time as a push.
    expect(tests.on.push?.branches).toEqual(['**']);
    expect(release.jobs.installers?.needs).toBe('test');
    expect(release.jobs.release?.needs).toBe('installers');
    const publish = release.jobs.release!.steps!.find((s) => s.run?.includes('gh release create'))!;
    expect(publish.run).toContain('--draft');
    expect(publish.env?.GH_TOKEN).toBe('${{ secrets.GITHUB_TOKEN }}');
    expect(config.publish).toMatchObject({ provider: 'github', releaseType: 'draft' });
  });

  it('builds both architectures of each system on one runner, with both architectures’ prebuilds, and checks the apps', () => {
    const include = release.jobs.installers!.strategy!.matrix.include!;
    expect(include.map((m) => m.platform).sort()).toEqual(Object.keys(EXPECTED_TARGETS).sort());
    const steps = release.jobs.installers!.steps!;
    const install = stepIndex(steps, (s) => s.run === 'npm ci');
    const prebuilds = stepIndex(steps, (s) => s.run?.startsWith('npx tsx scripts/prebuilds.ts') ?? false);
    const build = stepIndex(steps, (s) => s.run?.startsWith('npx electron-builder') ?? false);
    const check = stepIndex(steps, (s) => s.run === 'npx tsx scripts/packagedNatives.ts dist');
    const upload = stepIndex(steps, (s) => s.uses?.startsWith('actions/upload-artifact') ?? false);
    expect([install, prebuilds, build, check, upload].every((i, n, all) => i >= 0 && (n === 0 || i > all[n - 1]!))).toBe(true);
    for (const arch of ARCHS) {
      expect(steps[prebuilds]!.run).toContain(`--arch ${arch}`);
      expect(steps[build]!.run).toContain(`--${arch}`);
    }
    expect(steps[prebuilds]!.run).toContain('--platform ${{ matrix.npm-platform }}');
    for (const m of include) expect(m['npm-platform']).toBe(PLATFORMS[m.platform as keyof typeof PLATFORMS]);
    expect(steps[build]!.run).toContain('--${{ matrix.platform }}');
    expect(steps[build]!.run).toContain('--publish never');
    // app-update.yml names the repository the release is made in.
    expect(steps[build]!.run).toContain('-c.publish.owner=${{ github.repository_owner }}');
    expect(steps[build]!.run).toContain('-c.publish.repo=${{ github.event.repository.name }}');
    // Signing and notarization only through secrets; without them electron-builder leaves the installers unsigned.
    expect(Object.keys(steps[build]!.env ?? {}).sort()).toEqual(['APPLE_API_ISSUER', 'APPLE_API_KEY', 'APPLE_API_KEY_ID', 'CSC_KEY_PASSWORD', 'CSC_LINK']);
    for (const value of Object.values(steps[build]!.env ?? {})) expect(value).toMatch(/^\$\{\{ secrets\.\w+ \}\}$/);
    // Every installer and update feed electron-builder writes is uploaded and so attached.
    const uploaded = String(steps[upload]!.with?.path).split('\n').filter(Boolean);
    for (const kind of ['exe', 'dmg', 'zip', 'AppImage', 'deb', 'blockmap']) expect(uploaded).toContain(`dist/*.${kind}`);
    expect(uploaded).toContain('dist/latest*.yml');
  });

  it('tests on the three systems with the real Electron, under a keyring session and xvfb on Linux', () => {
    expect(tests.jobs.test!.strategy!.matrix.os!.map((os) => os.split('-')[0]).sort()).toEqual(['macos', 'ubuntu', 'windows']);
    const steps = tests.jobs.test!.steps!;
    const install = stepIndex(steps, (s) => s.run === 'npm ci');
    // Electron fetches its binary on first use, not at install: the e2e specs need it fetched first.
    const fetch = stepIndex(steps, (s) => s.run === 'node node_modules/electron/install.js');
    const firstTest = stepIndex(steps, (s) => s.run?.includes('npm test') ?? false);
    expect(install).toBeGreaterThanOrEqual(0);
    expect(fetch).toBeGreaterThan(install);
    expect(firstTest).toBeGreaterThan(fetch);
    expect(JSON.parse(read('node_modules/electron/package.json').toString('utf8'))).not.toHaveProperty('scripts.postinstall');
    const linux = steps.find((s) => s.run?.includes('dbus-run-session'));
    expect(linux?.env?.GEN_STUDIO_E2E_RUNNER).toBe('electron');
    expect(linux?.run).toContain('npm test');
    expect(read('scripts/test.ts').toString('utf8')).toContain("'xvfb-run'");
  });

  it('names only actions and runner images that exist', () => {
    for (const workflow of [release, tests]) {
      for (const job of Object.values(workflow.jobs)) {
        for (const step of job.steps ?? []) if (step.uses) expect(KNOWN_ACTIONS, step.uses).toContain(step.uses);
        const runsOn = job['runs-on'];
        if (!runsOn) continue;
        const labels = runsOn === '${{ matrix.os }}' ? [...(job.strategy!.matrix.os ?? []), ...(job.strategy!.matrix.include ?? []).map((m) => m.os!)] : [runsOn];
        expect(labels.length).toBeGreaterThan(0);
        for (const label of labels) expect(KNOWN_RUNNERS, label).toContain(label);
      }
    }
  });
});
