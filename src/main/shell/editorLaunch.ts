import { spawn } from 'node:child_process';

/**
 * Starts an editor on a file, detached so it outlives Gen Studio: a macOS `.app` through `open -a`, any other
 * program with the file as its argument. Resolves to '' once it started, or the system's reason it did not.
 */
export function launchEditor(file: string, app: string, platform: string): Promise<string> {
  const [command, args] = platform === 'darwin' && /\.app\/?$/i.test(app) ? ['open', ['-a', app, file]] : [app, [file]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('spawn', () => {
      child.unref();
      resolve('');
    });
    child.once('error', (error) => resolve(error.message));
  });
}
