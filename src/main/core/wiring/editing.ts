import { join } from 'node:path';
import type { AssetStore } from '../assets/assetStore';
import type { CoreDeps, DesktopShell, Logger } from '../deps';
import { EditorService } from '../editor/editorService';
import type { CoreEvents } from '../events';
import { LayeredIntakeService } from '../layers/layeredIntake';
import { DragOutFolder } from '../layers/dragOutFolder';
import { LayerExports } from '../layers/layerExports';
import type { Library } from '../library/library';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { ProjectStore } from '../projects/projectStore';
import type { SettingsService } from '../settings/settingsService';

interface EditingDeps {
  readonly assets: AssetStore;
  readonly library: Library;
  readonly projects: ProjectStore;
  readonly settings: SettingsService;
  readonly desktop: DesktopShell;
  readonly notices: NoticeBoard;
  readonly events: CoreEvents;
  readonly log: Logger;
  readonly now: () => number;
}

/**
 * Layered files out and in (PSD, OpenRaster) and Edit in another app, which saves and reads them: the external
 * editor is watched again before the window asks, so a save made while the app was closed waits for the canvas.
 */
export async function openEditing(deps: Pick<CoreDeps, 'version' | 'dataDir' | 'clock'>, d: EditingDeps) {
  const { assets, library, projects, desktop, log } = d;
  // dragged-out files of an earlier run are removed once no drop can still be reading them
  const dragOut = new DragOutFolder({ dir: join(deps.dataDir, 'drag-out'), clock: deps.clock, log });
  await dragOut.sweep();
  const layeredIntake = new LayeredIntakeService((name, bytes) => assets.import(name, bytes));
  const layerExports = new LayerExports({
    appVersion: deps.version,
    assetBytes: (id) => assets.bytes(id),
    result: (id) => {
      try {
        return library.get(id);
      } catch {
        return null;
      }
    },
    resultBytes: async (id) => (await library.bytesOf(id)).bytes,
    assetFile: (id) => assets.file(id),
    resultFile: (id) => library.fileOf(id),
    project: async (id) => {
      const { file, blobs } = await projects.snapshot(id);
      return { name: file.name, document: file.document, mask: file.document.mask.blob ? (blobs[file.document.mask.blob] ?? null) : null };
    },
    desktop,
    dragPath: (name) => dragOut.pathFor(name),
    log,
  });
  const editor = new EditorService({
    projectsDir: projects.dir,
    // Saves come in as every picture does, so a layered save (PSD, OpenRaster) comes back as its composite.
    assets: { get: (id) => assets.get(id), bytes: (id) => assets.bytes(id), import: (name, bytes) => layeredIntake.import(name, bytes) },
    layered: async (projectId, format) => ({
      name: (await projects.snapshot(projectId)).file.name,
      bytes: await layerExports.encode({ kind: 'project', projectId, shownResultId: null }, format),
    }),
    choice: () => d.settings.get().editor,
    open: (file, app) => desktop.openInEditor(file, app),
    defaultAppFor: (mime) => desktop.defaultAppFor(mime),
    now: d.now,
    log,
    notify: (message) => void d.notices.add('warning', message),
    saved: (session) => d.events.emit('editor.saved', session),
    stopped: (projectId) => d.events.emit('editor.stopped', { projectId }),
  });
  await editor.resume();
  projects.onChanged((list) => void editor.forgetOthers(new Set(list.map((p) => p.id))));
  return { layeredIntake, layerExports, editor, dragOut };
}
