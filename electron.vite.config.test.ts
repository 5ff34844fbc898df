import type { UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import config from './electron.vite.config';

type Env = { command: 'build' | 'serve'; mode: string };
const mainDefine = (env: Env): UserConfig['define'] => {
  const resolved = typeof config === 'function' ? (config as (e: Env) => { main?: UserConfig })(env) : (config as { main?: UserConfig });
  return resolved.main?.define;
};

describe('the build-time dev-server flag', () => {
  it('is true only in the main bundle electron-vite dev makes', () => {
    expect(mainDefine({ command: 'serve', mode: 'development' })).toMatchObject({ __GEN_DEV_SERVER__: 'true' });
    expect(mainDefine({ command: 'build', mode: 'production' })).toMatchObject({ __GEN_DEV_SERVER__: 'false' });
    // A build in development mode (`electron-vite build --mode development`) is still a built app.
    expect(mainDefine({ command: 'build', mode: 'development' })).toMatchObject({ __GEN_DEV_SERVER__: 'false' });
  });
});

describe('the renderer bundle', () => {
  it('ships minified (electron-vite leaves it unminified unless told)', () => {
    const env: Env = { command: 'build', mode: 'production' };
    const resolved = typeof config === 'function' ? (config as (e: Env) => { renderer?: UserConfig })(env) : (config as { renderer?: UserConfig });
    expect(resolved.renderer?.build?.minify).toBe(true);
  });
});
