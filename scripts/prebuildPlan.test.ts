import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prebuildsFor, type Lockfile } from './prebuildPlan';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lockfile;
const names = (platform: 'linux' | 'darwin' | 'win32', archs: Array<'x64' | 'arm64'>) => prebuildsFor(lock, platform, archs).packages.map((p) => `${p.name}@${p.version} ${p.arch}`);
const version = (name: string) => lock.packages[`node_modules/${name}`]!.version!;

describe('the prebuilds a release installs for one system', () => {
  it('are sharp’s binding with its libvips and the keychain binding, for each architecture, at the pinned versions', () => {
    const sharp = version('sharp');
    const libvips = version('@img/sharp-libvips-linux-x64');
    const keyring = version('@napi-rs/keyring');
    expect(names('linux', ['x64', 'arm64'])).toEqual([
      `@img/sharp-libvips-linux-arm64@${libvips} arm64`,
      `@img/sharp-libvips-linux-x64@${libvips} x64`,
      `@img/sharp-linux-arm64@${sharp} arm64`,
      `@img/sharp-linux-x64@${sharp} x64`,
      `@napi-rs/keyring-linux-arm64-gnu@${keyring} arm64`,
      `@napi-rs/keyring-linux-x64-gnu@${keyring} x64`,
    ]);
  });

  it('take the glibc builds on Linux (what the AppImage and deb run on), and each system’s own elsewhere', () => {
    expect(names('linux', ['arm64']).some((n) => n.includes('musl'))).toBe(false);
    expect(names('darwin', ['x64', 'arm64']).map((n) => n.split('@').slice(0, 2).join('@'))).toEqual([
      '@img/sharp-darwin-arm64',
      '@img/sharp-darwin-x64',
      '@img/sharp-libvips-darwin-arm64',
      '@img/sharp-libvips-darwin-x64',
      '@napi-rs/keyring-darwin-arm64',
      '@napi-rs/keyring-darwin-x64',
    ]);
    // sharp's Windows packages carry libvips inside.
    expect(names('win32', ['arm64']).map((n) => n.split('@').slice(0, 2).join('@'))).toEqual(['@img/sharp-win32-arm64', '@napi-rs/keyring-win32-arm64-msvc']);
    expect(prebuildsFor(lock, 'win32', ['x64', 'arm64']).gaps).toEqual([]);
  });

  it('name a production package that offers no prebuild for a target, and leave out development tools', () => {
    const synthetic: Lockfile = {
      packages: {
        '': {},
        'node_modules/addon': { version: '1.0.0', optionalDependencies: { 'addon-linux-x64': '1.0.0' } },
        'node_modules/addon-linux-x64': { version: '1.0.0', os: ['linux'], cpu: ['x64'], optional: true },
        'node_modules/bundler': { version: '2.0.0', dev: true, optionalDependencies: { 'bundler-linux-arm64': '2.0.0' } },
        'node_modules/bundler-linux-arm64': { version: '2.0.0', dev: true, os: ['linux'], cpu: ['arm64'], optional: true },
      },
    };
    expect(prebuildsFor(synthetic, 'linux', ['x64', 'arm64'])).toEqual({
      packages: [{ name: 'addon-linux-x64', version: '1.0.0', arch: 'x64' }],
      gaps: ['addon for linux arm64'],
    });
  });
});
