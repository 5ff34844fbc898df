import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { IpcFailure } from '../../../shared/ipc/result';
import type { DesktopShell, Logger } from '../deps';
import { renderContactSheet } from '../explore/contactSheet';
import type { ExploreService } from '../explore/exploreService';
import type { Library } from '../library/library';
import type { HandlersFor } from './types';

type ExploreCalls = 'explore.quote' | 'explore.start' | 'explore.list' | 'explore.get' | 'explore.pause' | 'explore.resume' | 'explore.cancel' | 'explore.export';

export function exploreHandlers(explore: ExploreService, o: { library: Pick<Library, 'pathsOf'>; desktop: DesktopShell; log: Logger }): HandlersFor<ExploreCalls> {
  return {
    'explore.quote': async ({ spec }) => explore.quote(spec),
    'explore.start': ({ spec, projectId, name }) => explore.startMatrix(spec, projectId, name),
    'explore.list': async ({ projectId }) => explore.list(projectId),
    'explore.get': async ({ id }) => explore.get(id),
    'explore.pause': ({ id }) => explore.pause(id),
    'explore.resume': ({ id }) => explore.resume(id),
    'explore.cancel': ({ id }) => explore.cancel(id),
    'explore.export': async ({ id }) => {
      const { info, plan } = explore.snapshot(id);
      const safe = info.name.replace(/[^\p{L}\p{N} _-]+/gu, ' ').trim().replace(/\s+/g, '-').slice(0, 60) || 'matrix';
      const target = await o.desktop.chooseSavePath({ defaultName: `${safe}-sheet.png`, format: 'png' });
      if (!target) return { saved: false, fileName: null };
      const fileOf = (resultId: string) => {
        try {
          return o.library.pathsOf(resultId).file;
        } catch {
          return null;
        }
      };
      const png = await renderContactSheet(info, plan, fileOf).catch((error: unknown) => {
        o.log.warn('the contact sheet could not be drawn', { error: String(error) });
        throw new IpcFailure('internal', 'The contact sheet could not be drawn; the details are in the log.');
      });
      await writeFile(target, png).catch(() => {
        throw new IpcFailure('internal', `Gen Studio could not write ${basename(target)}: check that the folder exists and may be written to.`);
      });
      return { saved: true, fileName: basename(target) };
    },
  };
}
