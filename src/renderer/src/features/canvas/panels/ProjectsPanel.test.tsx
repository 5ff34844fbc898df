// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../../../shared/i18n/catalog';
import { createText } from '../../../../../shared/i18n/text';
import { createMask } from '../mask/maskBuffer';
import { mountEach } from '../../../testing/mountEach';

vi.mock('../../../api', () => ({
  gen: {
    projects: {
      onChanged: () => () => {},
    },
  },
}));

const { ProjectsPanel } = await import('./ProjectsPanel');
const { useProjectStore } = await import('../project/projectStore');
const { notSavedBecause } = await import('../project/projectSync');
const { putMaskInAlpha } = await import('../pixels');
const { useTextStore } = await import('../../../ui/i18n/textStore');

const german = createText('de', await loadMessages('de'));

const container = mountEach(() => <ProjectsPanel />);

const alert = () => container().querySelector('[role="alert"]')?.textContent;

describe('the project’s save error is said in the language on screen, again after a switch', () => {
  it('a mask that would not go into the picture: the window’s own words, said in German once German is chosen', async () => {
    let thrown: unknown;
    try {
      putMaskInAlpha(new Uint8ClampedArray(4), createMask(2, 2));
    } catch (error) {
      thrown = error;
    }
    act(() => useProjectStore.getState().set({ status: 'failed', error: notSavedBecause(thrown) }));
    expect(alert()).toBe('Not saved: The picture and the mask are not the same size.');
    await act(() => useTextStore.getState().choose('de'));
    expect(alert()).toBe(german.t('canvas.project.notSavedBecause', { problem: german.t('canvas.pixels.maskSize') }));
    expect(alert()).toContain('Bild und Maske sind nicht gleich groß');
  });

  it('the system’s own error stays as it is, inside the language’s sentence', async () => {
    act(() => useProjectStore.getState().set({ status: 'failed', error: notSavedBecause(new Error('ENOSPC')) }));
    await act(() => useTextStore.getState().choose('de'));
    expect(alert()).toBe(german.t('canvas.project.notSavedBecause', { problem: 'ENOSPC' }));
  });
});
