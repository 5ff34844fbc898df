import type { OpenedProjectFile } from '../../../../../shared/ipc/contract';
import { gen } from '../../../api';
import { useNavigationStore } from '../../../store/navigationStore';
import { useCanvasStore } from '../canvasStore';
import { flush, openProject } from './projectSync';
import { openedSaying, useReopenStore } from './ReopenDialog';
import { saying, toldSaying, type Saying } from '../../../ui/i18n/saying';

const EXTENSION = '.genstudio';
const say = (kind: 'error' | 'info', text: Saying) => useCanvasStore.getState().say({ kind, text });

/** Shows a project that came from a file on the canvas, with the note on how it was added. */
async function showOpenedFile(opened: OpenedProjectFile): Promise<void> {
  useNavigationStore.getState().show('canvas');
  // Its project is in the list already: the artist chooses between it and a copy.
  if (opened.alreadyOpen) return void useReopenStore.setState({ asked: opened });
  if (await openProject(opened.project.id)) say('info', openedSaying(opened, saying('canvas.project.openedFromFile', { name: opened.project.name })));
}

/** Saves the project (after any pending change) to a `.genstudio` file the user chooses. */
export async function saveProjectToFile(id: string): Promise<void> {
  await flush();
  const result = await gen.projects.saveToFile({ id });
  if (!result.ok) return say('error', toldSaying(result.error));
  if (result.value.saved && result.value.fileName !== null) say('info', saying('canvas.project.savedToFile', { fileName: result.value.fileName }));
}

export async function openProjectFile(): Promise<void> {
  const result = await gen.projects.openFile();
  if (!result.ok) return say('error', toldSaying(result.error));
  if (result.value.opened) await showOpenedFile(result.value.opened);
}

function projectFilesIn(transfer: DataTransfer | null): File[] {
  return [...(transfer?.files ?? [])].filter((file) => file.name.toLowerCase().endsWith(EXTENSION));
}

async function openDropped(files: File[]): Promise<void> {
  for (const file of files) {
    const result = await gen.projects.openDropped({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    if (!result.ok) {
      useNavigationStore.getState().show('canvas');
      say('error', toldSaying(result.error));
      continue;
    }
    await showOpenedFile(result.value);
  }
}

/**
 * Project files reach the window three ways besides the Open button: the system opening one with the app
 * (main's `projects.fileOpened`), and a drop anywhere on the window, taken before the canvas's own drop
 * targets, which want pictures. Answers a function that stops following.
 */
export function followProjectFiles(): () => void {
  const off = gen.projects.onFileOpened((opened) => void showOpenedFile(opened));
  const onDrop = (event: DragEvent) => {
    const files = projectFilesIn(event.dataTransfer);
    if (files.length === 0) return;
    event.preventDefault();
    event.stopPropagation();
    void openDropped(files);
  };
  const onDragOver = (event: DragEvent) => {
    // A file may be dropped anywhere: without this, only the canvas's targets would take it.
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };
  window.addEventListener('drop', onDrop, true);
  window.addEventListener('dragover', onDragOver);
  return () => {
    off();
    window.removeEventListener('drop', onDrop, true);
    window.removeEventListener('dragover', onDragOver);
  };
}
