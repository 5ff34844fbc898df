import type { ExploreService } from '../explore/exploreService';
import type { HandlersFor } from './types';

type ExploreCalls = 'explore.quote' | 'explore.start' | 'explore.list' | 'explore.get' | 'explore.pause' | 'explore.resume' | 'explore.cancel' | 'explore.export';

export function exploreHandlers(explore: ExploreService): HandlersFor<ExploreCalls> {
  return {
    'explore.quote': async ({ spec }) => explore.quote(spec),
    'explore.start': ({ spec, projectId, name }) => explore.startMatrix(spec, projectId, name),
    'explore.list': async ({ projectId }) => explore.list(projectId),
    'explore.get': async ({ id }) => explore.get(id),
    'explore.pause': ({ id }) => explore.pause(id),
    'explore.resume': ({ id }) => explore.resume(id),
    'explore.cancel': ({ id }) => explore.cancel(id),
    'explore.export': ({ id }) => explore.exportSheet(id),
  };
}
