import { describe, expect, it, vi } from 'vitest';
import { words } from '../../../../shared/i18n/words';
import { wordsSaying } from '../../ui/i18n/saying';

// A dropped file the asset store refused, with its reason in words as main sends it.
vi.mock('../canvas/assets', () => ({
  importFiles: async () => ({ assets: [], problems: [wordsSaying(words('pictures.asset.empty', { name: 'leer.png' }))] }),
  imageRefOf: () => null,
  remember: () => undefined,
}));
vi.mock('../../api', () => ({ gen: {} }));

const { newProjectFromFile } = await import('./startActions');
const { currentText, useTextStore } = await import('../../ui/i18n/textStore');

describe('Start’s problem with a dropped file', () => {
  it('is said in the language on screen, again after a switch', async () => {
    await useTextStore.getState().choose('en');
    const problem = await newProjectFromFile(new File([], 'leer.png', { type: 'image/png' }));
    expect(problem).not.toBeNull();
    const english = problem!(currentText());
    expect(english).toMatch(/No project was made\.$/);
    await useTextStore.getState().choose('de');
    try {
      const german = problem!(currentText());
      expect(german).toMatch(/Es wurde kein Projekt angelegt\.$/);
      expect(german).toContain('leer.png');
      expect(german).not.toContain(english.replace(' No project was made.', ''));
    } finally {
      await useTextStore.getState().choose('en');
    }
  });
});
