import type { Logger } from '../deps';
import type { CoreEvents } from '../events';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { ProjectFiles } from '../projects/projectFiles';
import type { ProjectStore } from '../projects/projectStore';

interface Opening {
  readonly projectFiles: Pick<ProjectFiles, 'open'>;
  readonly projects: Pick<ProjectStore, 'open'>;
  readonly events: CoreEvents;
  readonly notices: Pick<NoticeBoard, 'add'>;
  readonly log: Logger;
}

/**
 * Opens a `.genstudio` file the system handed the app: the renderer hears `projects.fileOpened`; a file that cannot
 * be opened is said in a notice, and nothing is changed.
 */
export async function openProjectFile(path: string, o: Opening): Promise<boolean> {
  try {
    const opened = await o.projectFiles.open(path);
    // Marked as the one last open, so a window that is only starting opens it too.
    await o.projects.open(opened.project.id);
    o.events.emit('projects.fileOpened', opened);
    return true;
  } catch (error) {
    o.notices.add('error', error instanceof Error ? error.message : String(error));
    o.log.warn('a project file could not be opened', { path, error: String(error) });
    return false;
  }
}
