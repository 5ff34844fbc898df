import { describe, expect, it } from 'vitest';
import { defaultAppName, type SystemProbe } from './defaultApp';

/** A system that answers these commands and has these files; anything else fails as a missing program would. */
function system(platform: string, answers: Record<string, string>, files: Record<string, string> = {}, env: Record<string, string> = {}): SystemProbe & { asked: string[] } {
  const asked: string[] = [];
  return {
    platform,
    env,
    home: '/home/ada',
    asked,
    run: async (command, args) => {
      const line = [command, ...args].join(' ');
      asked.push(line);
      if (line in answers) return answers[line]!;
      throw new Error(`${command}: not found`);
    },
    readText: async (path) => {
      if (path in files) return files[path]!;
      throw new Error('ENOENT');
    },
  };
}

const DESKTOP_FILE = '[Desktop Entry]\nName[de]=Bildbetrachter\nName=Image Viewer\nExec=loupe %U\n\n[Desktop Action new]\nName=New Window\n';

describe('the name of the system’s default app for pictures', () => {
  it('on Linux is the Name of the .desktop file xdg-mime names, found in the XDG data folders', async () => {
    const linux = system('linux', { 'xdg-mime query default image/png': 'org.gnome.Loupe.desktop\n' }, { '/usr/share/applications/org.gnome.Loupe.desktop': DESKTOP_FILE });
    expect(await defaultAppName('image/png', linux)).toBe('Image Viewer');
  });

  it('on Linux prefers the artist’s own data folder, and follows a desktop id’s dash into a sub-folder', async () => {
    const files = { '/home/ada/.local/share/applications/kde/krita.desktop': '[Desktop Entry]\nName=Krita\n', '/usr/share/applications/kde-krita.desktop': '[Desktop Entry]\nName=Other\n' };
    expect(await defaultAppName('image/png', system('linux', { 'xdg-mime query default image/png': 'kde-krita.desktop' }, files))).toBe('Krita');
    const custom = system('linux', { 'xdg-mime query default image/png': 'gimp.desktop' }, { '/opt/share/applications/gimp.desktop': '[Desktop Entry]\nName=GNU Image Manipulation Program\n' }, { XDG_DATA_DIRS: '/opt/share' });
    expect(await defaultAppName('image/png', custom)).toBe('GNU Image Manipulation Program');
  });

  it('is unknown (null) when xdg-mime is missing, names nothing, or its file is not found', async () => {
    expect(await defaultAppName('image/png', system('linux', {}))).toBeNull();
    expect(await defaultAppName('image/png', system('linux', { 'xdg-mime query default image/png': '\n' }))).toBeNull();
    expect(await defaultAppName('image/png', system('linux', { 'xdg-mime query default image/png': 'gone.desktop' }))).toBeNull();
  });

  it('on macOS is the app LaunchServices has for the type, or Preview when the artist chose none', async () => {
    const handlers = `(\n    {\n        LSHandlerContentType = "public.png";\n        LSHandlerPreferredVersions = {\n            LSHandlerRoleAll = "-";\n        };\n        LSHandlerRoleAll = "com.pixelmatorteam.pixelmator.x";\n    },\n    {\n        LSHandlerContentType = "public.jpeg";\n        LSHandlerRoleAll = "com.apple.preview";\n    }\n)`;
    const mac = system('darwin', {
      'defaults read com.apple.LaunchServices/com.apple.launchservices.secure LSHandlers': handlers,
      'mdfind kMDItemCFBundleIdentifier == "com.pixelmatorteam.pixelmator.x"': '/Applications/Pixelmator Pro.app\n',
    });
    expect(await defaultAppName('image/png', mac)).toBe('Pixelmator Pro');
    expect(await defaultAppName('image/jpeg', mac)).toBe('Preview');
    expect(await defaultAppName('image/png', system('darwin', {}))).toBe('Preview');
  });

  it('on Windows is the chosen program’s plain application name, or a known editor by its program; a packaged app keeps the generic words', async () => {
    const key = 'reg query HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\FileExts\\.png\\UserChoice /v ProgId';
    const choice = (progId: string) => `\r\nHKEY_CURRENT_USER\\...\\UserChoice\r\n    ProgId    REG_SZ    ${progId}\r\n`;
    const named = system('win32', { [key]: choice('IrfanView.png'), 'reg query HKCR\\IrfanView.png\\Application /v ApplicationName': '    ApplicationName    REG_SZ    IrfanView\r\n' });
    expect(await defaultAppName('image/png', named)).toBe('IrfanView');
    const krita = system('win32', { [key]: choice('Krita.png'), 'reg query HKCR\\Krita.png\\shell\\open\\command /ve': '    (Default)    REG_SZ    "C:\\Program Files\\Krita (x64)\\bin\\krita.exe" "%1"\r\n' });
    expect(await defaultAppName('image/png', krita)).toBe('Krita');
    const photos = system('win32', {
      [key]: choice('AppX43hnxtbyyps62jhe9sqpdzxn1790zetc'),
      'reg query HKCR\\AppX43hnxtbyyps62jhe9sqpdzxn1790zetc\\Application /v ApplicationName': '    ApplicationName    REG_SZ    @{Microsoft.Windows.Photos_2024?ms-resource://Microsoft.Windows.Photos/Resources/AppName}\r\n',
    });
    expect(await defaultAppName('image/png', photos)).toBeNull();
  });
});
