// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../../shared/i18n/catalog';
import { told } from '../../../../shared/i18n/say';
import { createText } from '../../../../shared/i18n/text';
import { words } from '../../../../shared/i18n/words';
import { mountEach } from '../../testing/mountEach';

const stop = vi.hoisted(() => ({ refuse: false }));
vi.mock('../../api', () => ({
  gen: {
    editor: {
      stop: async () => (stop.refuse ? { ok: false, error: { code: 'not-found', ...told(words('files.project.notFound')) } } : { ok: true, value: undefined }),
    },
  },
}));

const { EditorNote } = await import('./EditorNote');
const { editIn, stopEditing } = await import('./editorActions');
const { useEditorStore } = await import('./editorStore');
const { useTextStore } = await import('../../ui/i18n/textStore');

const german = createText('de', await loadMessages('de'));
const session = { projectId: 'p1', editorName: 'Krita', fileName: 'harbour.psd', startedAt: 1, pending: [] };

const container = mountEach(
  () => <EditorNote />,
  () => {
    useEditorStore.setState({ note: null, session: null });
  },
);

const shown = () => container().querySelector('.editor-note span')?.textContent;

describe('the editor’s note is said in the language on screen, again after a switch', () => {
  it('Edit in… with no picture: English, then German once German is chosen', async () => {
    await act(() => editIn());
    expect(shown()).toBe('Open a picture first: there is nothing to edit yet.');
    await act(() => useTextStore.getState().choose('de'));
    expect(shown()).toBe(german.t('editor.note.noPicture'));
  });

  it('stopped editing: the editor’s name stays as it is in German', async () => {
    stop.refuse = false;
    act(() => useEditorStore.setState({ session }));
    await act(() => stopEditing());
    expect(shown()).toMatch(/^Stopped editing in Krita\./);
    await act(() => useTextStore.getState().choose('de'));
    expect(shown()).toBe(german.t('editor.note.stopped', { named: 'yes', editor: 'Krita' }));
  });

  it('a refusal main sent as words is said again in German', async () => {
    stop.refuse = true;
    act(() => useEditorStore.setState({ session }));
    await act(() => stopEditing());
    const english = shown();
    await act(() => useTextStore.getState().choose('de'));
    expect(shown()).toBe(german.t('files.project.notFound'));
    expect(shown()).not.toBe(english);
  });
});
