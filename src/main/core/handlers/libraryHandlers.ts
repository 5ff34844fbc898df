import type { CoreDeps, DesktopShell } from '../deps';
import type { Library } from '../library/library';
import type { ResultExports } from '../library/resultExport';
import type { HandlersFor } from './types';
import { libraryRefusal } from '../i18n/fileRefusals';
import { refusedWith } from '../i18n/refusal';

export function libraryHandlers(library: Library, deps: Pick<CoreDeps, 'openPath' | 'log'>): HandlersFor<'library.page' | 'library.locate' | 'library.facets' | 'library.get' | 'library.openFolder' | 'library.setPoster'> {
  return {
    'library.page': async ({ query, offset, limit }) => library.page(query ?? {}, offset, limit),
    'library.locate': async ({ query, id }) => ({ index: library.locate(query ?? {}, id) }),
    'library.facets': async () => library.facets(),
    'library.get': async ({ id }) => library.get(id),
    'library.openFolder': async () => {
      const problem = await deps.openPath(library.dir);
      if (problem) deps.log.warn('could not open the library folder', { problem });
      return { opened: !problem, path: library.dir };
    },
    'library.setPoster': ({ resultId, bytes }) => library.setPoster(resultId, bytes),
  };
}

type GalleryCalls =
  | 'library.mark'
  | 'library.trash'
  | 'library.untrash'
  | 'library.export'
  | 'library.copy'
  | 'library.reveal'
  | 'library.startDrag'
  | 'library.readDropped';

export function galleryHandlers(o: { library: Library; exports: ResultExports; desktop: Pick<DesktopShell, 'showItemInFolder'> }): HandlersFor<GalleryCalls> {
  const { library, exports } = o;
  return {
    'library.mark': ({ id, starred, discarded }) => library.mark(id, { ...(starred !== undefined ? { starred } : {}), ...(discarded !== undefined ? { discarded } : {}) }),
    'library.trash': async ({ id }) => {
      await library.trash(id);
      return { id };
    },
    'library.untrash': ({ id }) => library.untrash(id),
    'library.export': ({ id, format, quality }) => exports.export(id, format, quality),
    'library.copy': async ({ id }) => {
      await exports.copy(id);
      return { copied: true };
    },
    'library.reveal': async ({ id }) => {
      await o.desktop.showItemInFolder(library.pathsOf(id).file);
      return { shown: true };
    },
    'library.startDrag': async ({ id }, context) => {
      if (!context?.startDrag) throw refusedWith('invalid-request', libraryRefusal.noDragOut);
      await exports.dragOut(id, context.startDrag);
      return { started: true };
    },
    'library.readDropped': ({ name, bytes }) => exports.readDropped(name, bytes),
  };
}
