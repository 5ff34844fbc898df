// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { emptyDocument } from '../../../../../shared/canvas/document';
import { loadMessages } from '../../../../../shared/i18n/catalog';
import { told } from '../../../../../shared/i18n/say';
import { createText } from '../../../../../shared/i18n/text';
import { words } from '../../../../../shared/i18n/words';
import type { AssetInfo, OpenedProjectFile } from '../../../../../shared/ipc/contract';
import { mountEach } from '../../../testing/mountEach';

const project = { id: 'p-copy', name: 'Harbour series (2)' };
// The window as main answers it: an opened copy with its notice, and a refusal sent as words.
const answers = vi.hoisted(() => ({ opened: null as unknown }));
vi.mock('../../../api', () => ({
  gen: {
    projects: {
      openFile: async () => ({ ok: true, value: { opened: answers.opened } }),
      open: async () => ({ ok: true, value: { document: emptyDocument('gen-2-pro'), blobs: {} } }),
      list: async () => ({ ok: true, value: { projects: [] } }),
      saveToFile: async () => ({ ok: false, error: { code: 'io', ...told(words('files.projectFile.notWritten', { file: 'Harbour.genstudio', problem: 'EACCES' })) } }),
    },
  },
}));

const { CanvasMessage } = await import('./CanvasMessage');
const { useCanvasStore } = await import('../canvasStore');
const { useTextStore } = await import('../../../ui/i18n/textStore');
const { applyAsMask } = await import('../actions');
const { openProjectFile, saveProjectToFile } = await import('../project/projectFiles');

const german = createText('de', await loadMessages('de'));
const asset = { id: 'm'.repeat(64), name: 'maske-hafen.png', width: 40, height: 30 } as AssetInfo;

const container = mountEach(
  () => <CanvasMessage />,
  () => {
    useCanvasStore.getState().load(emptyDocument('gen-2-pro'), null);
  },
);

const shown = () => container().querySelector('.canvas-message span')?.textContent;

describe('the canvas says its message in the language on screen, again after a switch', () => {
  it('a mask dropped before its picture: said in English, then in German once German is chosen, the file name as it is', async () => {
    await act(() => applyAsMask(asset));
    expect(shown()).toBe('Open a picture before its mask: maske-hafen.png was not used.');
    await act(() => useTextStore.getState().choose('de'));
    expect(shown()).toBe(german.t('canvas.mask.needsPicture', { name: 'maske-hafen.png' }));
    expect(shown()).toContain('Öffne ein Bild');
  });

  it('a locked layer’s refusal made by the store follows the switch', async () => {
    act(() => useCanvasStore.getState().setLayer('base', { locked: true }));
    act(() => void useCanvasStore.getState().setBase({ assetId: 'a'.repeat(64), name: 'hafen.png', width: 4, height: 4 }));
    expect(shown()).toMatch(/Picture layer is locked/);
    await act(() => useTextStore.getState().choose('de'));
    expect(shown()).toBe(german.t('canvas.layer.locked', { layer: 'base' }));
  });

  it('a refusal main sent as words is said again in German, the system’s error a value as it came', async () => {
    await act(() => saveProjectToFile('p1'));
    expect(shown()).toBe("“Harbour.genstudio” could not be written: EACCES");
    await act(() => useTextStore.getState().choose('de'));
    expect(shown()).toBe(german.t('files.projectFile.notWritten', { file: 'Harbour.genstudio', problem: 'EACCES' }));
  });

  it('a project file opened as a separate copy: main’s notice is said in German, both names as they are', async () => {
    const notice = told(words('files.projectFile.openedAsCopy', { name: 'Harbour series', copy: project.name }));
    answers.opened = { project: { ...project, createdAt: 1, updatedAt: 1, thumbnailUrl: null }, notice: notice.message, noticeWords: notice.words } as unknown as OpenedProjectFile;
    await act(() => openProjectFile());
    expect(shown()).toBe('Opened “Harbour series” as a separate copy, “Harbour series (2)”; the one you had is unchanged.');
    await act(() => useTextStore.getState().choose('de'));
    expect(shown()).toBe('„Harbour series“ wurde als eigene Kopie „Harbour series (2)“ geöffnet; dein bisheriges Projekt ist unverändert.');
  });
});
