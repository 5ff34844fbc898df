/**
 * The built-in Sandbox's own process: an Electron utility process in the app, a forked Node process in the
 * plain-Node core. Whatever it reads or draws (80 MB bodies, 4K clips) grows and stalls this process, not the
 * app's. It waits for its options, starts, says where it listens, and closes when asked or when the app is gone.
 */
import type { ParentPort } from 'electron';
import { startSandbox } from '../index';
import type { FromSandbox, SandboxHandle, SandboxProcessOptions, ToSandbox } from '../api';

interface Parent {
  send(message: FromSandbox): void;
  onMessage(listener: (message: ToSandbox) => void): void;
  onGone(listener: () => void): void;
}

function parent(): Parent {
  // Electron gives a utility process a parentPort; Node gives a forked one process.send.
  const port = (process as NodeJS.Process & { parentPort?: ParentPort }).parentPort;
  if (port) {
    return {
      send: (message) => port.postMessage(message),
      onMessage: (listener) => port.on('message', (event) => listener(event.data as ToSandbox)),
      // Electron ends a utility process with its app.
      onGone: () => {},
    };
  }
  if (!process.send) throw new Error('The Sandbox process was started without a channel to the app.');
  return {
    send: (message) => process.send!(message),
    onMessage: (listener) => process.on('message', (message) => listener(message as ToSandbox)),
    onGone: (listener) => process.on('disconnect', listener),
  };
}

async function listen(options: SandboxProcessOptions): Promise<{ handle: SandboxHandle; portsMoved: boolean }> {
  const { preferredPorts, ...rest } = options;
  if (preferredPorts && rest.port === undefined) {
    try {
      return { handle: await startSandbox({ ...rest, port: preferredPorts.base, regionalPort: preferredPorts.regional }), portsMoved: false };
    } catch {
      // Taken by another program (or another Gen Studio): any free port will do; its old tasks are gone anyway.
      return { handle: await startSandbox(rest), portsMoved: true };
    }
  }
  return { handle: await startSandbox(rest), portsMoved: false };
}

const app = parent();
let handle: SandboxHandle | undefined;
const closeAndExit = async () => {
  await handle?.close();
  process.exit(0);
};
app.onGone(() => void closeAndExit());
app.onMessage((message) => {
  if (message.type === 'close') return void closeAndExit();
  if (handle) return;
  listen(message.options).then(
    (started) => {
      handle = started.handle;
      app.send({ type: 'ready', baseUrl: handle.baseUrl, regionalBaseUrl: handle.regionalBaseUrl, demoKey: handle.demoKey, portsMoved: started.portsMoved });
    },
    (error: unknown) => {
      app.send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    },
  );
});
