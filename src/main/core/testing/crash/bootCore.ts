/**
 * What every core-as-a-process script of the crash tests does first: boots the core on the data folder in
 * argv's options, with a keychain in a file (the real one would not survive a SIGKILL'd test cleanly), adds
 * the test's key the first time, stays alive until killed, and stops cleanly when stdin closes.
 */
import { createCore, type Core } from '../../createCore';
import { systemClock } from '../../deps';
import type { CoreEvents } from '../../events';
import { nodeDeps } from '../../nodeDeps';
import { FileKeychain } from './fileKeychain';

export interface BootOptions {
  readonly dataDir: string;
  readonly secretsFile: string;
  readonly baseUrl: string;
  readonly key: string;
}

export interface BootedCore {
  readonly core: Core;
  call<T>(name: keyof Core['handlers'], request?: unknown): Promise<T>;
}

/** One JSON line on stdout: how these processes talk to the test. */
export const say = (line: Record<string, unknown>): void => void process.stdout.write(`${JSON.stringify(line)}\n`);

/** The options the test passed as JSON in argv. */
export const readOptions = <T extends BootOptions>(): T => JSON.parse(process.argv[2] ?? '{}') as T;

export async function bootCore(o: BootOptions, events: CoreEvents, fetchImpl: typeof fetch = fetch): Promise<BootedCore> {
  const core = await createCore({ ...nodeDeps({ dataDir: o.dataDir, mediaBase: 'gen-media://m/' }), fetch: fetchImpl, clock: systemClock, secrets: new FileKeychain(o.secretsFile) }, { events });
  const call = async <T>(name: keyof Core['handlers'], request?: unknown): Promise<T> => (core.handlers[name] as (r: unknown) => Promise<T>)(request);
  const keys = await call<Array<{ id: string }>>('keys.list');
  if (keys.length === 0) {
    await call('keys.add', {
      label: 'Crash test',
      organization: '',
      project: '',
      secret: o.key,
      connection: { create: { label: 'Sandbox process', baseUrl: o.baseUrl, regionalBaseUrl: null, endpointWord: 'gen' } },
    });
  }
  // Alive until killed, whatever the core has left to do, or stopped cleanly when stdin closes.
  const alive = setInterval(() => undefined, 1 << 30);
  process.stdin.resume();
  process.stdin.on('end', () => {
    clearInterval(alive);
    void core.dispose().then(() => process.exit(0));
  });
  return { core, call };
}
