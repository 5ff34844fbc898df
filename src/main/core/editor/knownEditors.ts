import { access } from 'node:fs/promises';
import type { FoundEditor } from '../../../shared/ipc/contract';

type KnownName = 'Krita' | 'Photoshop' | 'GIMP' | 'Affinity Photo';

const PROGRAM_FILES = 'C:\\Program Files';

/** Photoshop's folder carries its year; the recent ones, newest first. */
const PHOTOSHOP_YEARS = ['2026', '2025', '2024', '2023', '2022'];

/**
 * Where each editor's installer puts it, per system, in the order tried (the newest or most usual first). A
 * Windows or Linux entry is the program itself; a macOS one is the `.app` bundle, which `open -a` starts.
 */
const INSTALL_PLACES: Readonly<Record<'win32' | 'darwin' | 'linux', Readonly<Record<KnownName, readonly string[]>>>> = {
  win32: {
    Krita: [`${PROGRAM_FILES}\\Krita (x64)\\bin\\krita.exe`, `${PROGRAM_FILES}\\Krita\\bin\\krita.exe`],
    Photoshop: PHOTOSHOP_YEARS.map((y) => `${PROGRAM_FILES}\\Adobe\\Adobe Photoshop ${y}\\Photoshop.exe`),
    GIMP: [`${PROGRAM_FILES}\\GIMP 3\\bin\\gimp-3.exe`, `${PROGRAM_FILES}\\GIMP 3\\bin\\gimp-3.0.exe`, `${PROGRAM_FILES}\\GIMP 2\\bin\\gimp-2.10.exe`],
    'Affinity Photo': [`${PROGRAM_FILES}\\Affinity\\Photo 2\\Photo.exe`, `${PROGRAM_FILES}\\Affinity\\Affinity Photo\\Photo.exe`],
  },
  darwin: {
    Krita: ['/Applications/krita.app', '/Applications/Krita.app'],
    Photoshop: PHOTOSHOP_YEARS.map((y) => `/Applications/Adobe Photoshop ${y}/Adobe Photoshop ${y}.app`),
    GIMP: ['/Applications/GIMP.app', '/Applications/GIMP-2.10.app'],
    'Affinity Photo': ['/Applications/Affinity Photo 2.app', '/Applications/Affinity Photo.app'],
  },
  linux: {
    Krita: ['/usr/bin/krita', '/usr/local/bin/krita', '/var/lib/flatpak/exports/bin/org.kde.krita', '/snap/bin/krita'],
    Photoshop: [],
    GIMP: ['/usr/bin/gimp', '/usr/local/bin/gimp', '/var/lib/flatpak/exports/bin/org.gimp.GIMP', '/snap/bin/gimp'],
    'Affinity Photo': [],
  },
};

const exists = (path: string) => access(path).then(() => true, () => false);

/** The known editors installed in their usual places on this system, each at the first place it was found. */
export async function findEditors(platform: string, isThere: (path: string) => Promise<boolean> = exists): Promise<FoundEditor[]> {
  const places = INSTALL_PLACES[platform === 'win32' || platform === 'darwin' ? platform : 'linux'];
  const found: FoundEditor[] = [];
  for (const [name, paths] of Object.entries(places)) {
    for (const path of paths) {
      if (await isThere(path)) {
        found.push({ name, path });
        break;
      }
    }
  }
  return found;
}

/** A program picked with the file dialog, named as the artist knows it ("Krita", not "krita.exe"). */
export function editorNameOf(path: string): string {
  const file = path.split(/[/\\]/).filter(Boolean).at(-1) ?? path;
  const stem = file.replace(/\.(app|exe|AppImage)$/i, '');
  const known = Object.keys(INSTALL_PLACES.linux).find((name) => stem.toLowerCase().replace(/[^a-z]/g, '').startsWith(name.toLowerCase().replace(/[^a-z]/g, '')));
  return known ?? stem;
}
