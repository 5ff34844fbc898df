import type { EditorChoice } from '../../../shared/ipc/contract';
import type { DesktopShell } from '../deps';
import type { EditorService } from '../editor/editorService';
import { editorNameOf, findEditors } from '../editor/knownEditors';
import { pictures } from '../i18n/pictureWords';
import { refusedWith } from '../i18n/refusal';
import type { SettingsService } from '../settings/settingsService';
import type { HandlersFor } from './types';

type EditorCalls = 'editor.start' | 'editor.session' | 'editor.accept' | 'editor.stop' | 'editor.choice' | 'editor.choose';

export function editorHandlers(
  editor: EditorService,
  o: { settings: SettingsService; desktop: Pick<DesktopShell, 'chooseApplication' | 'defaultAppFor'>; platform: string; projectExists: (id: string) => Promise<boolean> },
): HandlersFor<EditorCalls> {
  const known = async (projectId: string) => {
    if (!(await o.projectExists(projectId))) throw refusedWith('not-found', pictures.projectGone);
  };
  const save = (choice: EditorChoice) => o.settings.update((s) => void (s.editor = choice)).editor;
  return {
    'editor.start': async ({ projectId, assetId }) => {
      await known(projectId);
      return editor.start(projectId, assetId);
    },
    'editor.session': ({ projectId }) => editor.session(projectId),
    'editor.accept': async ({ projectId, saveId }) => ({ accepted: await editor.accept(projectId, saveId) }),
    'editor.stop': async ({ projectId }) => ({ stopped: await editor.stop(projectId) }),
    'editor.choice': async () => ({ choice: o.settings.get().editor, found: await findEditors(o.platform), systemDefault: await o.desktop.defaultAppFor('image/png') }),
    'editor.choose': async (request) => {
      if (request.kind !== 'pick') return { choice: save(request) };
      const path = await o.desktop.chooseApplication();
      if (!path) return { choice: o.settings.get().editor };
      return { choice: save({ kind: 'app', name: editorNameOf(path), path }) };
    },
  };
}
