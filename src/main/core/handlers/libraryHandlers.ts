import type { CoreDeps } from '../deps';
import type { Library } from '../library/library';
import type { HandlersFor } from './types';

export function libraryHandlers(library: Library, deps: Pick<CoreDeps, 'openPath' | 'log'>): HandlersFor<'library.list' | 'library.get' | 'library.openFolder'> {
  return {
    'library.list': async () => library.list(),
    'library.get': async ({ id }) => library.get(id),
    'library.openFolder': async () => {
      const problem = await deps.openPath(library.dir);
      if (problem) deps.log.warn('could not open the library folder', { problem });
      return { opened: !problem, path: library.dir };
    },
  };
}
