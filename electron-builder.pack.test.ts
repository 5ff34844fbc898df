import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
const asar = createRequire(createRequire(join(ROOT, 'package.json')).resolve('app-builder-lib/package.json'))('@electron/asar') as {
  listPackage(archive: string, options: { isPack: boolean }): string[];
};

describe.runIf(process.platform === 'linux' && (process.arch === 'x64' || process.arch === 'arm64'))('electron-builder packaging both architectures', () => {
  let work: string;
  let apps: PackagedApp[];
  let output: string;

  beforeAll(() => {
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
    const run = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'electron-builder'),
      // The release names the repository the same way (its own, from GitHub's context).
      ['--linux', 'dir', '--x64', '--arm64', '--publish', 'never', '-c.publish.owner=gen-studio', '-c.publish.repo=gen-studio', `-c.electronDist=${electron}`, `-c.directories.output=${output}`],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CSC_LINK: '', GH_TOKEN: '' } },
    );
    if (run.status !== 0) throw new Error(`electron-builder failed:\n${run.stdout}\n${run.stderr}`);
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
    for (const dep of ['sharp', 'electron-updater', 'electron-store', '@napi-rs/keyring', 'fflate']) expect(files, dep).toContain(`node_modules/${dep}`);
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
