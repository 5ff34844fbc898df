import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Arch as BuilderArch, build, Platform } from 'electron-builder';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPackagedApp, packagedApps, type BuilderConfig, type PackagedApp } from './scripts/packagedNatives';
import { prebuildsFor, type Arch, type Lockfile } from './scripts/prebuildPlan';

/**
 * electron-builder run for real on electron-builder.yml, packaging both architectures of this system as the
 * release does (`--dir`: the app folders its installers are made from). The Electron binary cannot be fetched
 * here, so a stand-in carries what packaging touches: the fuse wire, with Electron's defaults. The app is this
 * checkout's build (made first when missing) and its node_modules, which holds only this machine's prebuilds: so the other architecture's app shows both that
 * nothing of this one leaks into it and what the release's check says when a prebuild is missing.
 */
const ROOT = dirname(fileURLToPath(import.meta.url));
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's own fuse defaults: RunAsNode on, cookie encryption off, NODE_OPTIONS on, --inspect on, … */
const ELECTRON_DEFAULT_WIRE = '101100011';

const config = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; main: string };
const own = process.arch as Arch;
const other: Arch = own === 'x64' ? 'arm64' : 'x64';
const builderRequire = createRequire(createRequire(join(ROOT, 'package.json')).resolve('app-builder-lib/package.json'));
interface LinuxHelper {
  getDesktopFileName(): string;
  computeDesktopEntry(options: unknown): string | Promise<string>;
  readonly mimeTypeFiles: Promise<string | null>;
}
const { LinuxTargetHelper } = builderRequire('./out/targets/LinuxTargetHelper') as { LinuxTargetHelper: new (packager: unknown) => LinuxHelper };
const asar = createRequire(createRequire(join(ROOT, 'package.json')).resolve('app-builder-lib/package.json'))('@electron/asar') as {
  listPackage(archive: string, options: { isPack: boolean }): string[];
};

describe.runIf(process.platform === 'linux' && (process.arch === 'x64' || process.arch === 'arm64'))('electron-builder packaging both architectures', () => {
  let work: string;
  let apps: PackagedApp[];
  let output: string;
  let desktop: { name: string; entry: string } | undefined;
  let mime = '';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'gen-studio-pack-'));
    const electron = join(work, 'electron');
    mkdirSync(join(electron, 'resources'), { recursive: true });
    writeFileSync(join(electron, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\n# '), Buffer.from(FUSE_SENTINEL), Buffer.from([1, ELECTRON_DEFAULT_WIRE.length]), Buffer.from(`${ELECTRON_DEFAULT_WIRE}\n`)]));
    chmodSync(join(electron, 'electron'), 0o755);
    writeFileSync(join(electron, 'LICENSE'), 'MIT');

    // electron-builder packs what electron-vite built; when nothing is built yet, build it (a second or two).
    if (!existsSync(join(ROOT, pkg.main))) {
      const built = spawnSync(join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build', '--logLevel', 'warn'], { cwd: ROOT, encoding: 'utf8' });
      if (built.status !== 0) throw new Error(`electron-vite build failed:\n${built.stdout}\n${built.stderr}`);
    }
    output = join(work, 'dist');
    // electron-builder's own API, as its command line calls it; the options are what the release passes with -c
    // (it names its own repository). After packing, electron-builder's Linux helper gives the desktop entry and
    // MIME file its deb and AppImage targets write (those targets need tools fetched from the network).
    await build({
      projectDir: ROOT,
      targets: Platform.LINUX.createTarget('dir', BuilderArch.x64, BuilderArch.arm64),
      publish: 'never',
      config: {
        electronDist: electron,
        directories: { output },
        publish: { provider: 'github', owner: 'gen-studio', repo: 'gen-studio' },
        afterPack: async (context) => {
          if (desktop) return;
          const helper = new LinuxTargetHelper(context.packager);
          const debOptions = { ...context.packager.platformSpecificBuildOptions, ...context.packager.config.deb };
          desktop = { name: helper.getDesktopFileName(), entry: await helper.computeDesktopEntry(debOptions) };
          const mimeFile = await helper.mimeTypeFiles;
          mime = mimeFile ? readFileSync(mimeFile, 'utf8') : '';
        },
      },
    });
    apps = packagedApps(output, config, pkg.name);
  }, 300_000);

  afterAll(() => {
    if (work && !process.env.KEEP_PACK) rmSync(work, { recursive: true, force: true });
  });

  const app = (arch: Arch) => apps.find((a) => a.arch === arch)!;

  it('makes one app per architecture', () => {
    expect(apps.map((a) => `${a.platform} ${a.arch}`).sort()).toEqual(['linux arm64', 'linux x64']);
  });

  it('packs the built app and the production dependencies into the asar, and nothing of the development tools', () => {
    const files = new Set(asar.listPackage(join(app(own).resources, 'app.asar'), { isPack: false }).map((f) => f.replace(/^[\\/]/, '').split('\\').join('/')));
    for (const file of [pkg.main.replace(/^\.\//, ''), 'out/preload/index.cjs', 'out/renderer/index.html', 'package.json', 'resources/icons/png/512x512.png']) expect(files, file).toContain(file);
    for (const dep of ['sharp', 'electron-updater', 'conf', '@napi-rs/keyring', 'fflate']) expect(files, dep).toContain(`node_modules/${dep}`);
    for (const devOnly of ['electron', 'electron-builder', 'vite', 'vitest', 'typescript', '@playwright/test']) expect(files, devOnly).not.toContain(`node_modules/${devOnly}`);
    expect([...files].filter((f) => f.startsWith('out/harness') || f.startsWith('src/') || f.startsWith('e2e/'))).toEqual([]);
  });

  it('gives this architecture’s app its prebuilds, unpacked and built for it, and the fuses electron-builder.yml sets', async () => {
    expect(await checkPackagedApp(app(own), lock, config)).toEqual([]);
  });

  it('keeps this machine’s prebuilds out of the other architecture’s app, and the release check names the ones it lacks', async () => {
    const problems = await checkPackagedApp(app(other), lock, config);
    const wanted = prebuildsFor(lock, 'linux', [other]).packages.map((p) => `linux ${other}: ${p.name} is missing from app.asar.unpacked`);
    expect(wanted.length).toBeGreaterThanOrEqual(2);
    expect(problems.sort()).toEqual(wanted.sort());
  });

  it('writes the update feed electron-updater reads: the GitHub releases of the repository the release names', () => {
    const feed = parse(readFileSync(join(app(own).resources, 'app-update.yml'), 'utf8')) as Record<string, unknown>;
    expect(feed).toMatchObject({ provider: 'github', owner: 'gen-studio', repo: 'gen-studio' });
  });

  it('writes a desktop entry that opens .genstudio files, tied to the running window, and the MIME type for the file', () => {
    expect(desktop?.name).toBe('gen-studio');
    const entry = Object.fromEntries(desktop!.entry.split('\n').filter((l) => l.includes('=')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    expect(entry).toMatchObject({ Name: 'Gen Studio', Type: 'Application', MimeType: 'application/x-genstudio;', StartupWMClass: 'gen-studio', Icon: 'gen-studio' });
    // %U: the file the user double-clicked reaches the app's arguments (projectFileFromArgv).
    expect(entry.Exec).toMatch(/gen-studio"? %U$/);
    expect(entry.Categories).toBe('Graphics;2DGraphics;RasterGraphics;');
    expect(mime).toContain('<mime-type type="application/x-genstudio">');
    expect(mime).toContain('<glob pattern="*.genstudio"/>');
  });

  it('flips every fuse of the binary away from Electron’s defaults where electron-builder.yml says so', async () => {
    const { getCurrentFuseWire } = createRequire(createRequire(join(ROOT, 'package.json')).resolve('app-builder-lib/package.json'))('@electron/fuses') as {
      getCurrentFuseWire(path: string): Promise<Record<number, number>>;
    };
    const wire = await getCurrentFuseWire(app(own).executable);
    const states = Array.from({ length: ELECTRON_DEFAULT_WIRE.length }, (_, i) => String.fromCharCode(wire[i]!)).join('');
    // RunAsNode, cookies, NODE_OPTIONS, --inspect, asar integrity, asar only, V8 snapshot, file:// privileges; the
    // ninth (unknown to electron-builder.yml) keeps Electron's value.
    expect(states).toBe('010011001');
  });
});
