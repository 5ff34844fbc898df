import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MatrixPlan } from '../../../shared/explore/matrix';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import type { MatrixInfo } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { silentLogger } from '../log';
import { tempDir } from '../testing/tempDir';
import { exportContactSheet } from './sheetExport';

describe('a contact sheet that cannot be made', () => {
  it('is refused in words the window says in the artist\'s language, the English message unchanged', async () => {
    const german = createText('de', await loadMessages('de'));
    const dir = await tempDir('sheet');
    try {
      const deps = {
        library: { pathsOf: () => ({ file: '/nowhere.png' }) } as never,
        desktop: { chooseSavePath: async () => join(dir.path, 'no folder', 'sheet.png') },
        log: silentLogger,
      };
      // A matrix with nothing to draw from: the drawing itself fails.
      const failure = await exportContactSheet({ info: { name: 'Foxes' } as MatrixInfo, plan: {} as MatrixPlan }, deps).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(IpcFailure);
      const refused = failure as IpcFailure;
      expect(refused.message).toBe('The contact sheet could not be drawn; the details are in the log.');
      expect(say(german, refused.words, refused.message)).toBe('Der Kontaktbogen ließ sich nicht zeichnen; die Einzelheiten stehen im Protokoll.');
    } finally {
      await dir.remove();
    }
  });
});
