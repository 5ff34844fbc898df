import type { EditorChoice, EditorSession } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { imageRefOf, remember } from '../canvas/assets';
import { useCanvasStore } from '../canvas/canvasStore';
import { useProjectStore } from '../canvas/project/projectStore';
import { flush } from '../canvas/project/projectSync';
import { replacePicture } from '../staging/pictureHistory';
import { listedVersions } from '../staging/versions';
import { saying, toldSaying, type Saying } from '../../ui/i18n/saying';
import { sessionEditorName, useEditorStore } from './editorStore';

const editor = () => useEditorStore.getState();
/** Saves being taken now: an event and a reload may offer the same save at once. */
const taking = new Set<string>();

/** Asks main which editor is chosen and which known ones are installed. */
export async function loadEditorChoice(): Promise<void> {
  const answer = await gen.editor.choice();
  if (answer.ok) editor().set({ choice: answer.value.choice, found: answer.value.found, systemDefault: answer.value.systemDefault });
}

export async function chooseEditor(choice: EditorChoice | { kind: 'pick' }): Promise<Saying | null> {
  const answer = await gen.editor.choose(choice);
  if (!answer.ok) return toldSaying(answer.error);
  editor().set({ choice: answer.value.choice });
  return null;
}

/**
 * Each save the editor made becomes the picture, one undo step each, the picture it replaces kept among the
 * versions. A save the canvas already shows (taken before a crash, then saved with the project) is only
 * acknowledged. Saves wait while the project is still opening, or when another project is open.
 */
export async function takeSaves(session: EditorSession): Promise<void> {
  const project = useProjectStore.getState();
  if (session.projectId !== project.currentId || project.status === 'loading') return;
  editor().set({ session });
  for (const save of session.pending) {
    if (taking.has(save.id)) continue;
    taking.add(save.id);
    try {
      remember(save.asset);
      if (useCanvasStore.getState().document.base?.assetId !== save.asset.id) {
        // When the canvas refuses without a reason of its own, the artist is told the save waits, not that it arrived.
        const waiting = saying('editor.note.waiting', { ...sessionEditorName(session) });
        if (!replacePicture(imageRefOf(save.asset), waiting, null)) {
          editor().set({ note: { kind: 'error', text: waiting } });
          return;
        }
        const version = listedVersions(useCanvasStore.getState().document).length + 1;
        editor().set({ note: { kind: 'info', text: saying('editor.note.back', { ...sessionEditorName(session), version }), undo: true } });
      }
      await gen.editor.accept({ projectId: session.projectId, saveId: save.id });
    } finally {
      taking.delete(save.id);
    }
  }
  editor().set({ session: { ...session, pending: [] } });
}

/** Reads the open project's round trip (at start, after a restart, when another project opens) and takes its saves. */
async function loadSession(projectId: string): Promise<void> {
  const answer = await gen.editor.session({ projectId });
  if (useProjectStore.getState().currentId !== projectId) return;
  editor().set({ session: answer.ok ? answer.value : null, note: null });
  if (answer.ok && answer.value) await takeSaves(answer.value);
}

/** Hears main's round-trip news and follows the open project. */
export function followEditor(): () => void {
  let opened: string | null = null;
  const project = () => {
    const { currentId, status } = useProjectStore.getState();
    if (status === 'loading' || currentId === opened) return;
    opened = currentId;
    if (currentId) void loadSession(currentId);
    else editor().set({ session: null });
  };
  const offs = [
    gen.editor.onSaved((session) => void takeSaves(session)),
    gen.editor.onStopped(({ projectId }) => {
      if (editor().session?.projectId === projectId) editor().set({ session: null });
    }),
    useProjectStore.subscribe(project),
  ];
  project();
  void loadEditorChoice();
  return () => offs.forEach((off) => off());
}

/** Opens the picture in the chosen editor (or the one given, which becomes the choice). */
export async function editIn(choice?: EditorChoice): Promise<void> {
  const projectId = useProjectStore.getState().currentId;
  const base = useCanvasStore.getState().document.base;
  if (!projectId || !base) return editor().set({ note: { kind: 'error', text: saying('editor.note.noPicture') } });
  if (choice) {
    const problem = await chooseEditor(choice);
    if (problem) return editor().set({ note: { kind: 'error', text: problem } });
  }
  // A layered working copy is made from the project as saved: what is on the canvas now is saved first.
  await flush();
  const started = await gen.editor.start({ projectId, assetId: base.assetId });
  if (!started.ok) return editor().set({ note: { kind: 'error', text: toldSaying(started.error) } });
  editor().set({
    session: started.value,
    note: { kind: 'info', text: saying('editor.note.opened', { picture: base.name, ...sessionEditorName(started.value) }) },
  });
}

export async function stopEditing(): Promise<void> {
  const session = editor().session;
  if (!session) return;
  const stopped = await gen.editor.stop({ projectId: session.projectId });
  if (!stopped.ok) return editor().set({ note: { kind: 'error', text: toldSaying(stopped.error) } });
  editor().set({ session: null, note: { kind: 'info', text: saying('editor.note.stopped', { ...sessionEditorName(session) }) } });
}
