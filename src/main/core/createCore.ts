import { mkdir } from 'node:fs/promises';
import { AssetStore } from './assets/assetStore';
import { sandboxConnection } from './connections/builtinSandbox';
import type { CoreDeps } from './deps';
import { CoreEvents } from './events';
import { appHandlers, assetHandlers } from './handlers/appHandlers';
import type { Handlers } from './handlers/types';
import { MediaRegistry } from './media';

export interface Core {
  readonly handlers: Handlers;
  readonly events: CoreEvents;
  readonly media: MediaRegistry;
  dispose(): Promise<void>;
}

/**
 * Builds the main process's logic from its dependencies. Electron wraps it in a window and ipcMain; the test
 * suites and the browser harness use it as it is.
 */
export async function createCore(deps: CoreDeps): Promise<Core> {
  await mkdir(deps.dataDir, { recursive: true });
  const events = new CoreEvents();
  const media = new MediaRegistry(deps.mediaBase);
  const assets = new AssetStore(deps.dataDir, media);

  const connections = () => [sandboxConnection(null, null, true)];

  const handlers: Handlers = {
    ...appHandlers(deps),
    ...assetHandlers(assets),
    'connections.list': async () => connections(),
    'connections.active': async () => connections()[0]!,
  };

  return {
    handlers,
    events,
    media,
    dispose: async () => {},
  };
}
