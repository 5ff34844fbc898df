import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ app: { getPath: () => '/home/me/Documents' }, dialog: {} }));
const { projectFileFromArgv } = await import('./projectFileOpening');

describe('a project file handed to the app at launch', () => {
  it('is found among the arguments, after the executable and its switches', () => {
    expect(projectFileFromArgv(['/opt/Gen Studio/gen-studio', '--no-sandbox', '/home/me/Harbour.genstudio'])).toBe('/home/me/Harbour.genstudio');
    expect(projectFileFromArgv(['C:\\Gen Studio\\Gen Studio.exe', 'D:\\work\\Poster.GENSTUDIO'])).toBe('D:\\work\\Poster.GENSTUDIO');
    // electron-vite preview passes the app folder; a second instance passes its own switches
    expect(projectFileFromArgv(['/usr/bin/electron', '.', '--allow-file-access-from-files'])).toBeUndefined();
    expect(projectFileFromArgv(['/x.genstudio'])).toBeUndefined();
  });
});
