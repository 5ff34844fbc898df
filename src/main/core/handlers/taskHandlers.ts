import { IpcFailure } from '../../../shared/ipc/result';
import type { AssetStore } from '../assets/assetStore';
import type { CoreDeps } from '../deps';
import { submitGroup, type GroupSubmitDeps } from '../engine/groupSubmit';
import type { TaskEngine } from '../engine/taskEngine';
import type { Library } from '../library/library';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { SettingsService } from '../settings/settingsService';
import type { SpendingService } from '../spending/spendingService';
import type { HandlersFor } from './types';

export function taskHandlers(engine: TaskEngine): HandlersFor<'tasks.submit' | 'tasks.list' | 'tasks.cancel' | 'tasks.retry' | 'tasks.send' | 'tasks.clear'> {
  return {
    'tasks.submit': (request) => engine.submit(request),
    'tasks.list': async () => engine.list(),
    'tasks.cancel': ({ id }) => engine.cancel(id),
    'tasks.retry': ({ id, acceptDoubleCharge }) => engine.retry(id, acceptDoubleCharge ?? false),
    'tasks.send': async ({ ids }) => ({ sent: await engine.sendNow(ids) }),
    'tasks.clear': async ({ id }) => ({ removed: await engine.clear(id) }),
  };
}

export function groupHandlers(deps: GroupSubmitDeps): HandlersFor<'tasks.submitGroup'> {
  return { 'tasks.submitGroup': (input) => submitGroup(deps, input) };
}

export function estimateHandlers(spending: SpendingService): HandlersFor<'spending.estimate'> {
  return {
    'spending.estimate': async ({ endpointId }) => {
      const estimate = spending.estimate(spending.activeKeyId(), endpointId);
      return { cost: estimate?.cost ?? null, basis: estimate?.basis ?? null };
    },
  };
}

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

export function spendingHandlers(spending: SpendingService, changed: (keyId: string) => void): HandlersFor<'spending.summary' | 'spending.setCaps'> {
  return {
    'spending.summary': ({ keyId }) => spending.summary(keyId),
    'spending.setCaps': async ({ keyId, caps }) => {
      spending.setCaps(keyId, caps);
      changed(keyId);
      return spending.summary(keyId);
    },
  };
}

export function settingsHandlers(settings: SettingsService): HandlersFor<'settings.get' | 'settings.update'> {
  return {
    'settings.get': async () => settings.get().preferences,
    'settings.update': async (patch) => {
      try {
        return settings.update((s) => void Object.assign(s.preferences, patch)).preferences;
      } catch {
        throw new IpcFailure('validation', 'Those settings are out of range.');
      }
    },
  };
}

export function noticeHandlers(notices: NoticeBoard): HandlersFor<'app.notices' | 'app.dismissNotice'> {
  return {
    'app.notices': async () => notices.list(),
    'app.dismissNotice': async ({ id }) => ({ dismissed: notices.dismiss(id) }),
  };
}

export function downscaleHandler(assets: AssetStore): HandlersFor<'assets.downscale'> {
  return { 'assets.downscale': ({ id, maxMegapixels }) => assets.downscale(id, maxMegapixels) };
}
