import type { AssetStore } from '../assets/assetStore';
import type { BatchService } from '../batch/batchService';
import type { CloseHandshake } from '../closeHandshake';
import type { ConnectionService } from '../connections/connectionService';
import type { CoreDeps, DesktopShell, Logger } from '../deps';
import type { Connectivity } from '../engine/connectivity';
import type { TaskEngine } from '../engine/taskEngine';
import type { ExploreService } from '../explore/exploreService';
import { FinetuneService } from '../finetunes/finetuneService';
import { appHandlers } from '../handlers/appHandlers';
import { assetHandlers } from '../handlers/assetHandlers';
import { batchHandlers } from '../handlers/batchHandlers';
import { connectionHandlers } from '../handlers/connectionHandlers';
import { exploreHandlers } from '../handlers/exploreHandlers';
import { finetuneHandlers } from '../handlers/finetuneHandlers';
import { keyHandlers } from '../handlers/keyHandlers';
import { layerHandlers } from '../handlers/layerHandlers';
import { galleryHandlers, libraryHandlers } from '../handlers/libraryHandlers';
import { projectHandlers } from '../handlers/projectHandlers';
import { settingsHandlers } from '../handlers/settingsHandlers';
import { shellHandlers } from '../handlers/shellHandlers';
import { estimateHandlers, spendingHandlers } from '../handlers/spendingHandlers';
import { groupHandlers, taskHandlers } from '../handlers/taskHandlers';
import type { Handlers } from '../handlers/types';
import { updateHandlers } from '../handlers/updateHandlers';
import type { KeyService } from '../keys/keyService';
import type { LayeredIntakeService } from '../layers/layeredIntake';
import type { LayerExports } from '../layers/layerExports';
import type { EditorService } from '../editor/editorService';
import { editorHandlers } from '../handlers/editorHandlers';
import { clipboardHandlers } from '../handlers/clipboardHandlers';
import type { Library } from '../library/library';
import { ResultExports } from '../library/resultExport';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { ProjectFiles } from '../projects/projectFiles';
import type { ProjectStore } from '../projects/projectStore';
import type { SecretVault } from '../secrets/secretVault';
import type { SettingsService } from '../settings/settingsService';
import { describeRun } from '../spending/history';
import type { SpendingService } from '../spending/spendingService';
import type { UpdateService } from '../updates/updateService';
import type { ProbeDeps } from '../keys/keyProbe';

/** Every service the renderer's calls reach. */
export interface HandledServices {
  readonly notices: NoticeBoard;
  readonly closing: CloseHandshake;
  readonly assets: AssetStore;
  readonly library: Library;
  readonly projects: ProjectStore;
  readonly projectFiles: ProjectFiles;
  readonly connections: ConnectionService;
  readonly connectivity: Connectivity;
  readonly keys: KeyService;
  readonly vault: SecretVault;
  readonly probe: ProbeDeps;
  readonly settings: SettingsService;
  readonly spending: SpendingService;
  readonly engine: TaskEngine;
  readonly updates: UpdateService;
  readonly explore: ExploreService;
  readonly batches: BatchService;
  readonly desktop: DesktopShell;
  readonly log: Logger;
  readonly random: () => number;
  readonly layeredIntake: LayeredIntakeService;
  readonly layerExports: LayerExports;
  readonly editor: EditorService;
  /** the renderer's spending is told again (a cap or a settled charge changed it) */
  readonly spendingChanged: () => void;
}

/** The handler of every call of the IPC contract, each from the service that does the work. */
export function coreHandlers(deps: CoreDeps, s: HandledServices): Handlers {
  const { library, assets, desktop, log, engine, layeredIntake } = s;
  return {
    ...appHandlers(deps, s.notices, s.closing),
    ...shellHandlers(deps),
    ...assetHandlers(assets, library, layeredIntake),
    ...layerHandlers(s.layerExports, layeredIntake),
    ...connectionHandlers(s.connections, s.connectivity),
    ...keyHandlers(s.keys, s.vault),
    ...settingsHandlers(s.settings),
    ...taskHandlers(engine),
    ...libraryHandlers(library, { openPath: deps.openPath, log }),
    ...spendingHandlers(s.spending, () => s.spendingChanged(), deps, (taskId) => describeRun(taskId, { library, engine })),
    ...projectHandlers(s.projects, s.projectFiles, deps.projectFileDialogs),
    ...galleryHandlers({ library, desktop, exports: new ResultExports({ library, assets, desktop, appVersion: deps.version, log }) }),
    ...updateHandlers(s.updates),
    ...groupHandlers({ engine, spending: s.spending, random: s.random }),
    ...estimateHandlers(s.spending, engine),
    ...exploreHandlers(s.explore),
    ...batchHandlers(s.batches, desktop),
    ...editorHandlers(s.editor, {
      settings: s.settings,
      desktop,
      platform: deps.platform,
      projectExists: async (id) => (await s.projects.list()).projects.some((p) => p.id === id),
    }),
    ...clipboardHandlers(assets, desktop),
    ...finetuneHandlers(new FinetuneService(() => s.connections.resolve(s.connections.active().id), s.probe)),
  };
}
