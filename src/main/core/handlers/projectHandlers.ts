import type { ProjectStore } from '../projects/projectStore';
import type { HandlersFor } from './types';

type ProjectCall = 'projects.list' | 'projects.create' | 'projects.open' | 'projects.save' | 'projects.rename' | 'projects.duplicate' | 'projects.remove';

export function projectHandlers(projects: ProjectStore): HandlersFor<ProjectCall> {
  return {
    'projects.list': () => projects.list(),
    'projects.create': ({ name, document }) => projects.create(name, document),
    'projects.open': ({ id }) => projects.open(id),
    'projects.save': ({ id, document, blobs }) => projects.save(id, document, blobs),
    'projects.rename': ({ id, name }) => projects.rename(id, name),
    'projects.duplicate': ({ id, name }) => projects.duplicate(id, name),
    'projects.remove': ({ id }) => projects.remove(id),
  };
}
