import { emptyDocument, type CanvasDocument } from '../../../../../shared/canvas/document';
import { gen } from '../../../api';
import { onBeforeClose } from '../../../store/beforeClose';
import { DEFAULT_CANVAS_ENDPOINT, useCanvasStore } from '../canvasStore';
import { createMask, isBlank, type MaskBuffer } from '../mask/maskBuffer';
import { maskFromPng, maskPng } from '../pixels';
import { Autosave, AUTOSAVE_TIMING } from './autosave';
import { useProjectStore } from './projectStore';
import { currentText } from '../../../ui/i18n/textStore';
import { errorSaying, saying, toldSaying, type Saying } from '../../../ui/i18n/saying';

let loading = false;
/** What the project on disk holds of the mask: the version saved and the blob it was saved as. */
let savedMask = { version: -1, blob: null as string | null };

const projects = useProjectStore;

async function refreshList(): Promise<void> {
  const listed = await gen.projects.list();
  if (listed.ok) projects.getState().set({ projects: listed.value.projects });
}

/** Opens a project into the canvas: its document, and its mask decoded from the saved PNG. */
export async function openProject(id: string): Promise<boolean> {
  await flush();
  const opened = await gen.projects.open({ id });
  if (!opened.ok) {
    useCanvasStore.getState().say({ kind: 'error', text: toldSaying(opened.error) });
    return false;
  }
  const { document, blobs } = opened.value;
  let mask: MaskBuffer | null = document.base ? createMask(document.base.width, document.base.height) : null;
  const blobName = document.mask.blob;
  if (mask && blobName && blobs[blobName]) {
    const data = await maskFromPng(blobs[blobName], mask.width, mask.height).catch(() => undefined);
    if (data) mask = { ...mask, data };
    else useCanvasStore.getState().say({ kind: 'error', text: saying('canvas.project.maskUnreadable') });
  }
  loading = true;
  useCanvasStore.getState().load(document, mask);
  loading = false;
  savedMask = { version: useCanvasStore.getState().maskVersion, blob: blobName };
  projects.getState().set({ currentId: id, status: 'saved', error: null });
  await refreshList();
  return true;
}

export async function createProject(name: string, document: CanvasDocument = emptyDocument(DEFAULT_CANVAS_ENDPOINT)): Promise<boolean> {
  await flush();
  const created = await gen.projects.create({ name, document });
  if (!created.ok) {
    useCanvasStore.getState().say({ kind: 'error', text: toldSaying(created.error) });
    return false;
  }
  return openProject(created.value.id);
}

async function save(): Promise<void> {
  const id = projects.getState().currentId;
  if (!id) return;
  const { document, mask, maskVersion } = useCanvasStore.getState();
  const blobs: Record<string, Uint8Array> = {};
  let blob = savedMask.blob;
  if (maskVersion !== savedMask.version) {
    if (!mask || isBlank(mask)) blob = null;
    else {
      // A new name for new pixels: main keeps the named file and removes the old one after the save.
      blob = `mask-${Date.now().toString(36)}-${maskVersion}.png`;
      blobs[blob] = await maskPng(mask);
    }
  }
  projects.getState().set({ status: 'saving' });
  const saved = await gen.projects.save({ id, document: { ...document, mask: { ...document.mask, blob } }, blobs });
  if (!saved.ok) {
    projects.getState().set({ status: 'failed', error: toldSaying(saved.error) });
    return;
  }
  savedMask = { version: maskVersion, blob };
  const stillCurrent = useCanvasStore.getState().document === document && useCanvasStore.getState().maskVersion === maskVersion;
  projects.getState().set({ status: stillCurrent ? 'saved' : 'unsaved', error: null });
}

/** Why a save failed before main was asked (the mask would not encode): the window's own words, or the system's. */
export function notSavedBecause(error: unknown): Saying {
  const problem = errorSaying(error);
  return (text) => text.t('canvas.project.notSavedBecause', { problem: problem(text) });
}

const autosave = new Autosave(save, AUTOSAVE_TIMING, Date.now, (error) => projects.getState().set({ status: 'failed', error: notSavedBecause(error) }));

/** Saves now if anything is waiting (before switching project, when the window hides or closes). */
export function flush(): Promise<void> {
  return autosave.flush();
}

/**
 * Saves after a pause, as for any edit. For a change made while the studio is not on screen (Start opening it
 * on an intent before the lazy screen has mounted and started following the store), which would not be saved.
 */
export function scheduleSave(): void {
  schedule();
}

function schedule(): void {
  if (loading || !projects.getState().currentId) return;
  projects.getState().set({ status: 'unsaved' });
  autosave.changed();
}

/**
 * Opens the project the app had open last (or a new one) and saves every change after a short pause.
 * Answers a function that stops it.
 */
export function startProjectSync(): () => void {
  const unsubscribe = useCanvasStore.subscribe((s, prev) => {
    if (s.document !== prev.document || s.maskVersion !== prev.maskVersion) schedule();
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  const onUnload = () => void flush();
  const offClose = onBeforeClose(flush);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onUnload);
  const stop = gen.projects.onChanged(({ projects: list }) => projects.getState().set({ projects: list }));

  void (async () => {
    if (projects.getState().currentId) return;
    const listed = await gen.projects.list();
    if (!listed.ok) {
      // The canvas still works; the status says that nothing is being saved.
      const problem = toldSaying(listed.error);
      projects.getState().set({ status: 'failed', error: (text) => text.t('canvas.project.unavailable', { problem: problem(text) }) });
      return;
    }
    projects.getState().set({ projects: listed.value.projects });
    const last = listed.value.lastOpenedId ?? listed.value.projects[0]?.id;
    if (!last || !(await openProject(last))) {
      if (!(await createProject(currentText().t('canvas.project.untitled')))) projects.getState().set({ status: 'failed', error: saying('canvas.project.noneOpened') });
    }
  })();

  return () => {
    void flush();
    offClose();
    unsubscribe();
    stop();
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onUnload);
  };
}
