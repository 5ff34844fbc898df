import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { KNOWN_EDITORS } from '../../shared/ipc/contract';
import { editorNameOf } from '../core/editor/knownEditors';

/** What the lookup asks the system, so tests answer for it. */
export interface SystemProbe {
  readonly platform: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
  /** a program's standard output; rejects when it fails or is not there */
  run(command: string, args: readonly string[]): Promise<string>;
  readText(path: string): Promise<string>;
}

const PROBE_TIMEOUT_MS = 3000;

export const systemProbe: SystemProbe = {
  platform: process.platform,
  env: process.env,
  home: homedir(),
  run: (command, args) =>
    new Promise((resolve, reject) => {
      execFile(command, [...args], { timeout: PROBE_TIMEOUT_MS, windowsHide: true }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
    }),
  readText: (path) => readFile(path, 'utf8'),
};

/** The `Name=` of a .desktop file's [Desktop Entry] group (the untranslated one). */
function desktopEntryName(text: string): string | null {
  let inEntry = false;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('[')) inEntry = line.trim() === '[Desktop Entry]';
    else if (inEntry && line.startsWith('Name=')) return line.slice(5).trim() || null;
  }
  return null;
}

/** Linux: `xdg-mime query default` names a .desktop file, looked up in the XDG data folders as the spec says. */
async function linuxDefault(mime: string, p: SystemProbe): Promise<string | null> {
  const id = (await p.run('xdg-mime', ['query', 'default', mime])).trim().split(';')[0]!;
  if (!id.endsWith('.desktop')) return null;
  const dataDirs = [p.env.XDG_DATA_HOME || join(p.home, '.local', 'share'), ...(p.env.XDG_DATA_DIRS || '/usr/local/share:/usr/share').split(':').filter(Boolean)];
  // a desktop file id's dashes may stand for sub-folders of applications/ (kde-krita.desktop: applications/kde/krita.desktop)
  const candidates = [id, id.replace('-', '/')];
  for (const dir of dataDirs) {
    for (const file of candidates) {
      const text = await p.readText(join(dir, 'applications', file)).catch(() => null);
      const name = text === null ? null : desktopEntryName(text);
      if (name) return name;
    }
  }
  return null;
}

/** The top-level dictionaries of `defaults read`'s list, each without the dictionaries nested in it. */
function handlerEntries(list: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of list) {
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) entries.push(current);
      if (depth <= 1) continue;
    }
    if (depth === 1 && c !== '{') current += c;
    else if (depth === 0) current = '';
  }
  return entries;
}

const UTI: Readonly<Record<string, string>> = { 'image/png': 'public.png', 'image/jpeg': 'public.jpeg', 'image/webp': 'org.webmproject.webp' };

/**
 * macOS: the artist's own choice is in LaunchServices' handlers (read with `defaults`), its bundle found by
 * Spotlight (`mdfind`); without a choice, Preview opens PNG and JPEG.
 */
async function macDefault(mime: string, p: SystemProbe): Promise<string | null> {
  const uti = UTI[mime];
  if (!uti) return null;
  const handlers = await p.run('defaults', ['read', 'com.apple.LaunchServices/com.apple.launchservices.secure', 'LSHandlers']).catch(() => '');
  const entry = handlerEntries(handlers).find((block) => new RegExp(`LSHandlerContentType\\s*=\\s*"?${uti.replace(/\./g, '\\.')}"?;`).test(block));
  const bundle = entry ? /LSHandlerRole(?:All|Viewer|Editor)\s*=\s*"?([\w.-]+)"?;/.exec(entry)?.[1] : undefined;
  if (!bundle) return mime === 'image/png' || mime === 'image/jpeg' ? 'Preview' : null;
  if (bundle.toLowerCase() === 'com.apple.preview') return 'Preview';
  const path = (await p.run('mdfind', [`kMDItemCFBundleIdentifier == "${bundle}"`]).catch(() => '')).split('\n').find((l) => l.endsWith('.app'));
  return path ? basename(path, '.app') : null;
}

const regValue = (output: string, name: string) => new RegExp(`^\\s*${name}\\s+REG_(?:EXPAND_)?SZ\\s+(.+?)\\s*$`, 'm').exec(output)?.[1] ?? null;

/**
 * Windows: the user's choice for the extension (`reg query` of Explorer's UserChoice), named by its program's
 * registered application name when that is plain text, or by the program itself when it is an editor Gen
 * Studio knows. A packaged app's name is an indirect resource only the shell reads: that keeps the generic words.
 */
async function windowsDefault(mime: string, p: SystemProbe): Promise<string | null> {
  const ext = { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/webp': '.webp' }[mime];
  if (!ext) return null;
  const choice = await p.run('reg', ['query', `HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\FileExts\\${ext}\\UserChoice`, '/v', 'ProgId']);
  const progId = regValue(choice, 'ProgId');
  if (!progId) return null;
  const named = regValue(await p.run('reg', ['query', `HKCR\\${progId}\\Application`, '/v', 'ApplicationName']).catch(() => ''), 'ApplicationName');
  if (named && !named.startsWith('@')) return named;
  const command = regValue(await p.run('reg', ['query', `HKCR\\${progId}\\shell\\open\\command`, '/ve']).catch(() => ''), '\\(Default\\)');
  const program = command ? (/^"([^"]+)"/.exec(command)?.[1] ?? command.split(' ')[0]!) : null;
  const name = program ? editorNameOf(program) : null;
  return name && (KNOWN_EDITORS as readonly string[]).includes(name) ? name : null;
}

/**
 * The name of the app the system opens a picture of this type with ("Image Viewer", "Preview"), or null when the
 * system does not say (then the app says "your default app"). Never throws.
 */
export async function defaultAppName(mime: string, p: SystemProbe = systemProbe): Promise<string | null> {
  const look = p.platform === 'darwin' ? macDefault : p.platform === 'win32' ? windowsDefault : linuxDefault;
  return look(mime, p).catch(() => null);
}
