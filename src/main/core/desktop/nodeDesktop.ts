import { appendFileSync, mkdirSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { DesktopShell, NativeDrag } from '../deps';

type DesktopCall =
  | { readonly call: 'chooseSavePath'; readonly path: string }
  | { readonly call: 'chooseFolder'; readonly path: string }
  | { readonly call: 'copyImage'; readonly bytes: number }
  | { readonly call: 'trashItem'; readonly path: string }
  | { readonly call: 'showItemInFolder'; readonly path: string }
  | { readonly call: 'notify'; readonly title: string; readonly body: string }
  | { readonly call: 'startDrag'; readonly file: string; readonly iconBytes: number }
  | { readonly call: 'openInEditor'; readonly path: string; readonly app: string | null }
  | { readonly call: 'chooseApplication'; readonly path: string | null }
  | { readonly call: 'readImage'; readonly bytes: number | null };

export interface RecordingDesktop extends DesktopShell {
  /** Stands in for `event.sender.startDrag` where there is no Electron. */
  startDrag(drag: NativeDrag): void;
  /** Every call so far, in order (also appended to `<dir>/calls.jsonl`, so another process can read them). */
  readonly calls: DesktopCall[];
  /** Clicks the last notification, as a user would. */
  clickLastNotification(): boolean;
  /** The folder the next folder dialog answers (else `<dir>/batch-output`), as the user picking one would. */
  answerFolder(path: string): void;
  /** The application the next "choose an application" dialog answers (else it is cancelled). */
  answerApplication(path: string): void;
  /** What the clipboard holds from now on, as another app copying would: a PNG, or text (no picture). */
  putOnClipboard(content: { readonly png: Uint8Array } | { readonly text: string }): Promise<void>;
}

/**
 * The desktop where there is none (the Chromium runner, tests): the save dialog answers a path in
 * `<dir>/exports`, the folder dialog `<dir>/batch-output` (or what `answerFolder` says), the clipboard is `<dir>/clipboard.png`, the OS trash is `<dir>/trash`, and the window counts
 * as focused unless told otherwise. An editor is not started: the call is recorded with the working file's path,
 * for a spec to start its stand-in on. Every call is recorded, so the specs can check what would reach the OS.
 */
export function recordingDesktop(dir: string, options: { focused?: () => boolean; locales?: readonly string[] } = {}): RecordingDesktop {
  const calls: DesktopCall[] = [];
  const clicks: Array<() => void> = [];
  const folders: string[] = [];
  const applications: string[] = [];
  const clipboard = join(dir, 'clipboard.png');
  const record = (call: DesktopCall) => {
    calls.push(call);
    mkdirSync(dir, { recursive: true });
    appendFileSync(join(dir, 'calls.jsonl'), `${JSON.stringify(call)}\n`);
  };
  return {
    calls,
    chooseSavePath: async ({ defaultName }) => {
      await mkdir(join(dir, 'exports'), { recursive: true });
      const path = join(dir, 'exports', basename(defaultName));
      record({ call: 'chooseSavePath', path });
      return path;
    },
    chooseFolder: async () => {
      const path = folders.shift() ?? join(dir, 'batch-output');
      await mkdir(path, { recursive: true });
      record({ call: 'chooseFolder', path });
      return path;
    },
    copyImage: async (png) => {
      await mkdir(dir, { recursive: true });
      await writeFile(clipboard, png);
      record({ call: 'copyImage', bytes: png.byteLength });
    },
    trashItem: async (path) => {
      await mkdir(join(dir, 'trash'), { recursive: true });
      const target = join(dir, 'trash', basename(path));
      await rename(path, target).catch(async () => {
        await copyFile(path, target);
      });
      record({ call: 'trashItem', path });
    },
    showItemInFolder: async (path) => record({ call: 'showItemInFolder', path }),
    notify: ({ title, body, onClick }) => {
      clicks.push(onClick);
      record({ call: 'notify', title, body });
    },
    windowFocused: () => options.focused?.() ?? true,
    // The machine's own language where no browser says one (the Chromium runner's renderer reads its browser's).
    systemLocales: () => options.locales ?? [Intl.DateTimeFormat().resolvedOptions().locale],
    startDrag: ({ file, icon }) => record({ call: 'startDrag', file, iconBytes: icon.byteLength }),
    answerFolder: (path) => {
      folders.push(path);
    },
    openInEditor: async (path, app) => {
      record({ call: 'openInEditor', path, app });
      return '';
    },
    // the runner's machine is not the artist's: its default app is not asked, so the generic words show
    defaultAppFor: async () => null,
    chooseApplication: async () => {
      const path = applications.shift() ?? null;
      record({ call: 'chooseApplication', path });
      return path;
    },
    answerApplication: (path) => {
      applications.push(path);
    },
    readImage: async () => {
      const png = await readFile(clipboard).catch(() => null);
      record({ call: 'readImage', bytes: png?.byteLength ?? null });
      return png ? new Uint8Array(png) : null;
    },
    putOnClipboard: async (content) => {
      await mkdir(dir, { recursive: true });
      if ('png' in content) await writeFile(clipboard, content.png);
      else await rm(clipboard, { force: true });
    },
    clickLastNotification: () => {
      const click = clicks.at(-1);
      click?.();
      return click !== undefined;
    },
  };
}
