import type { SandboxProcessOptions } from '../sandbox/api';
import type { SandboxLauncher } from './connections/sandboxProcess';
import type { ConfirmWebhook } from './connections/sandboxWebhooks';
import type { ConfirmCapChange } from './spending/capChange';
import type { ConfirmSettle } from './spending/settleConfirm';
import type { ConfirmKeyDestination } from './connections/keyDestinationQuestion';

/** Everything the core needs from the outside world, injected so it runs in Electron, plain Node and tests alike. */

export type TimerHandle = { readonly __timer: unique symbol } | ReturnType<typeof setTimeout>;

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** keytar's API, which @napi-rs/keyring implements; an in-memory store has the same shape. */
export interface SecretStore {
  /** `keychain` when secrets go to the OS keychain, `memory` when they last only for this session. */
  readonly kind: 'keychain' | 'memory';
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

/** The part of conf the core uses. */
export interface SettingsBackend<T extends Record<string, unknown>> {
  readonly path: string;
  readonly store: T;
  get<K extends keyof T>(key: K): T[K];
  set<K extends keyof T>(key: K, value: T[K]): void;
  set(values: Partial<T>): void;
  delete<K extends keyof T>(key: K): void;
}

export interface SettingsOptions<T extends Record<string, unknown>> {
  readonly cwd: string;
  readonly name: string;
  readonly defaults: T;
}

/** conf, in the app and in plain Node: the same store, so settings behave alike in tests. */
export type SettingsFactory = <T extends Record<string, unknown>>(options: SettingsOptions<T>) => SettingsBackend<T>;

export interface Logger {
  info(message: string, data?: Readonly<Record<string, unknown>>): void;
  warn(message: string, data?: Readonly<Record<string, unknown>>): void;
  error(message: string, data?: Readonly<Record<string, unknown>>): void;
}

/** The system's file dialogs for `.genstudio` files; each answers null when the user cancels. */
export interface ProjectFileDialogs {
  chooseSavePath(defaultName: string): Promise<string | null>;
  chooseOpenPath(): Promise<string | null>;
}

/** The installed app's updater (electron-updater in the packaged app); absent where the app cannot update itself. */
export interface AppUpdater {
  /** The newer version on offer, or null when this one is the latest. Downloads nothing. */
  check(): Promise<{ readonly version: string } | null>;
  download(onProgress: (percent: number) => void): Promise<void>;
  /** Quits and installs the downloaded version; the app restarts into it. */
  install(): void;
}

/** A native drag of a file out of the window (Electron's `webContents.startDrag`), with a PNG icon. */
export interface NativeDrag {
  readonly file: string;
  readonly icon: Uint8Array;
}

/**
 * What the core asks of the desktop: Electron's dialog, clipboard, shell and notifications in the app; in plain
 * Node (tests, the Chromium runner) a stand-in that works inside the data directory and records each call.
 */
/** What the save dialog offers to save as. */
export type SaveFormat = 'png' | 'jpeg' | 'webp' | 'mp4' | 'psd' | 'ora';

export interface DesktopShell {
  /** The save dialog; resolves to the chosen path, or null when the user cancels. */
  chooseSavePath(o: { readonly defaultName: string; readonly format: SaveFormat }): Promise<string | null>;
  /** The folder dialog (a batch's output folder); resolves to the chosen folder, or null when the user cancels. */
  chooseFolder(o: { readonly title: string }): Promise<string | null>;
  /** Puts a PNG on the clipboard as an image. */
  copyImage(png: Uint8Array): Promise<void>;
  /** Moves a file to the OS trash (never unlinks it). */
  trashItem(path: string): Promise<void>;
  /** Shows a file selected in the file manager. */
  showItemInFolder(path: string): Promise<void>;
  /** A system notification; `onClick` runs when the user clicks it. */
  notify(n: { readonly title: string; readonly body: string; readonly onClick: () => void }): void;
  /** Whether the app's window has the focus (notifications are for when it has not). */
  windowFocused(): boolean;
  /**
   * Opens a file in an image editor: the system's default app for its type when `app` is null, else that
   * application (a program, or a macOS `.app`). Resolves to an error text, or '' once it was handed over.
   */
  openInEditor(file: string, app: string | null): Promise<string>;
  /** The name of the app the system opens a picture of this type with, or null when the system does not say. */
  defaultAppFor(mime: string): Promise<string | null>;
  /** The open dialog for choosing an application; resolves to its path, or null when the user cancels. */
  chooseApplication(): Promise<string | null>;
  /** The picture on the clipboard as PNG bytes, or null when it holds none. */
  readImage(): Promise<Uint8Array | null>;
  /** The system's languages, most preferred first (Electron's app.getLocale() and the system's list). */
  systemLocales(): readonly string[];
}

export interface CoreDeps {
  /** Where projects, assets, the results library and task records live. */
  readonly dataDir: string;
  readonly settings: SettingsFactory;
  readonly secrets: SecretStore;
  /** The time limit of every keychain call (5 s unless a test sets it). */
  readonly keychainTimeoutMs?: number;
  readonly fetch: typeof fetch;
  readonly clock: Clock;
  readonly log: Logger;
  /** Prefix of addresses the renderer loads stored files from (`gen-media://m/` in Electron). */
  readonly mediaBase: string;
  /** Opens a checked address in the system browser. */
  readonly openExternal: (url: string) => Promise<void>;
  /** Opens a folder in the system's file manager (Electron's `shell.openPath`); resolves to an error text or ''. */
  readonly openPath: (path: string) => Promise<string>;
  readonly runner: 'electron' | 'chromium';
  readonly version: string;
  readonly platform: string;
  /** Options of the built-in sandbox the Sandbox connection starts; `{timing: 'demo'}` by default. */
  readonly sandboxOptions?: SandboxProcessOptions;
  /** Starts the built-in Sandbox in a process of its own (a forked Node process, or Electron's utility process). */
  readonly sandboxLauncher: SandboxLauncher;
  /** Source of jitter; Math.random by default. */
  readonly random?: () => number;
  /**
   * Asks the user, in a dialog the main process owns (never the renderer), whether a key may go to a host it
   * was not added for. Without it, every such request is refused.
   */
  readonly confirmKeyDestination?: ConfirmKeyDestination;
  /** Main's own dialog before a spending cap is raised or removed; without one, raising is refused. */
  readonly confirmCapChange?: ConfirmCapChange;
  /** Main's own dialog before a task whose outcome was unknown is counted lower (not charged); without one, refused. */
  readonly confirmSettle?: ConfirmSettle;
  /** Main's own dialog before the built-in Sandbox sends results to an address; without one, none is allowed. */
  readonly confirmWebhook?: ConfirmWebhook;
  /** Electron's file dialogs; absent where there are none (the Chromium runner), and saving or opening a file says so. */
  readonly projectFileDialogs?: ProjectFileDialogs;
  /** The packaged app's updater; absent in a copy run from a clone and in the Chromium runner. */
  readonly updater?: AppUpdater;
  /** Dialogs, clipboard, trash and notifications; the plain-Node stand-in when absent. */
  readonly desktop?: DesktopShell;
}
