import { projectRefusal } from '../i18n/fileRefusals';
import { refusedWith } from '../i18n/refusal';
import type { ProjectFileDialogs } from '../deps';
import { PROJECT_FILE_EXTENSION } from '../projects/projectArchive';
import type { ProjectFiles } from '../projects/projectFiles';
import type { ProjectStore } from '../projects/projectStore';
import type { HandlersFor } from './types';

type ProjectCall =
  | 'projects.list'
  | 'projects.create'
  | 'projects.open'
  | 'projects.save'
  | 'projects.rename'
  | 'projects.duplicate'
  | 'projects.remove'
  | 'projects.saveToFile'
  | 'projects.openFile'
  | 'projects.openDropped'
  | 'projects.openCopy';

/** A file name from a project name: the characters no system allows in a name become spaces. */
export function projectFileName(name: string): string {
  const visible = [...name].map((c) => (c.charCodeAt(0) < 32 ? ' ' : c)).join('');
  const safe = visible.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  return `${safe || 'Project'}.${PROJECT_FILE_EXTENSION}`;
}

export function projectHandlers(projects: ProjectStore, files: ProjectFiles, dialogs: ProjectFileDialogs | undefined): HandlersFor<ProjectCall> {
  const needDialogs = (): ProjectFileDialogs => {
    if (!dialogs) throw refusedWith('unavailable', projectRefusal.noDialogs);
    return dialogs;
  };
  return {
    'projects.list': () => projects.list(),
    'projects.create': ({ name, document }) => projects.create(name, document),
    'projects.open': ({ id }) => projects.open(id),
    'projects.save': ({ id, document, blobs }) => projects.save(id, document, blobs),
    'projects.rename': ({ id, name }) => projects.rename(id, name),
    'projects.duplicate': ({ id, name }) => projects.duplicate(id, name),
    'projects.remove': ({ id }) => projects.remove(id),
    'projects.saveToFile': async ({ id }) => {
      const name = (await projects.list()).projects.find((p) => p.id === id)?.name;
      if (name === undefined) throw refusedWith('not-found', projectRefusal.notFound);
      const path = await needDialogs().chooseSavePath(projectFileName(name));
      if (path === null) return { saved: false, fileName: null };
      const target = path.toLowerCase().endsWith(`.${PROJECT_FILE_EXTENSION}`) ? path : `${path}.${PROJECT_FILE_EXTENSION}`;
      await files.save(id, target);
      return { saved: true, fileName: target.split(/[\\/]/).pop() ?? target };
    },
    'projects.openFile': async () => {
      const path = await needDialogs().chooseOpenPath();
      return { opened: path === null ? null : await files.open(path) };
    },
    'projects.openDropped': ({ name, bytes }) => files.openBytes(name, bytes),
    'projects.openCopy': ({ token }) => files.openCopy(token),
  };
}
