import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AssetStore } from './assets/assetStore';
import { BuiltinSandbox } from './connections/builtinSandbox';
import { SandboxWebhooks } from './connections/sandboxWebhooks';
import { ConnectionService } from './connections/connectionService';
import type { CoreDeps, Logger } from './deps';
import { Connectivity } from './engine/connectivity';
import { Scheduler } from './engine/scheduler';
import { TaskEngine } from './engine/taskEngine';
import { TaskRepository } from './engine/taskRepository';
import { CloseHandshake } from './closeHandshake';
import { CoreEvents } from './events';
import { removeStaleTempFiles } from './fs/staleTempFiles';
import { appHandlers } from './handlers/appHandlers';
import { assetHandlers } from './handlers/assetHandlers';
import { layerHandlers } from './handlers/layerHandlers';
import { LayerExports } from './layers/layerExports';
import { LayeredIntakeService } from './layers/layeredIntake';
import { connectionHandlers } from './handlers/connectionHandlers';
import { keyHandlers } from './handlers/keyHandlers';
import { finetuneHandlers } from './handlers/finetuneHandlers';
import { galleryHandlers, libraryHandlers } from './handlers/libraryHandlers';
import { ResultExports } from './library/resultExport';
import { projectHandlers } from './handlers/projectHandlers';
import { settingsHandlers } from './handlers/settingsHandlers';
import { shellHandlers } from './handlers/shellHandlers';
import { estimateHandlers, spendingHandlers } from './handlers/spendingHandlers';
import { exploreHandlers } from './handlers/exploreHandlers';
import { editorHandlers } from './handlers/editorHandlers';
import { clipboardHandlers } from './handlers/clipboardHandlers';
import { EditorService } from './editor/editorService';
import { batchHandlers } from './handlers/batchHandlers';
import { BatchService } from './batch/batchService';
import { ExploreService } from './explore/exploreService';
import { groupHandlers, taskHandlers } from './handlers/taskHandlers';
import { ProjectFiles } from './projects/projectFiles';
import { updateHandlers } from './handlers/updateHandlers';
import { UpdateService } from './updates/updateService';
import { eventChannel } from '../../shared/ipc/define';

import { recordingDesktop } from './desktop/nodeDesktop';
import { notifyFinishedTasks } from './notifications/finishedTasks';
import { MainLanguage } from './i18n/mainLanguage';
import { CreditRefresh } from './spending/creditRefresh';
import { FinetuneService } from './finetunes/finetuneService';
import type { Handlers } from './handlers/types';
import { KeyService } from './keys/keyService';
import { Library } from './library/library';
import { MediaRegistry } from './media';
import { NoticeBoard } from './notices/noticeBoard';
import { ProjectStore } from './projects/projectStore';
import { Redactor, redactingLogger } from './secrets/redactor';
import { SecretVault } from './secrets/secretVault';
import { SettingsService } from './settings/settingsService';
import { SpendingLedger } from './spending/ledger';
import { SpendingService } from './spending/spendingService';
import { describeRun } from './spending/history';

export interface Core {
  readonly handlers: Handlers;
  readonly events: CoreEvents;
  readonly media: MediaRegistry;
  /** The core's logger: every line passes through the key redactor. Use it for anything logged around the core. */
  readonly log: Logger;
  /** The language main speaks in (menu, notifications): the Settings choice, else the system's. */
  readonly language: MainLanguage;
  /**
   * Asks the renderer to save its unsaved work before the window closes; resolves true when it has, false
   * after `timeoutMs` without an answer.
   */
  beforeClose(timeoutMs?: number): Promise<boolean>;
  /**
   * Opens a `.genstudio` file the system handed the app (double-click, command line, second launch): the renderer
   * hears `projects.fileOpened`; a file that cannot be opened is said in a notice, and nothing is changed.
   */
  openProjectFile(path: string): Promise<boolean>;
  dispose(): Promise<void>;
}

/**
 * Builds the main process's logic from its dependencies. Electron wraps it in a window and ipcMain; the test
 * suites and the browser harness use it as it is.
 */
export async function createCore(deps: CoreDeps, options: { events?: CoreEvents } = {}): Promise<Core> {
  // Long (over 80 lines) as a composition root is: every service is built here in the order each needs the others, so
  // that order reads top to bottom in one place.
  await mkdir(deps.dataDir, { recursive: true });
  const now = () => deps.clock.now();
  const random = deps.random ?? Math.random;
  // A caller may pass its own events, with listeners attached, to hear what happens during start-up too.
  const events = options.events ?? new CoreEvents();
  const redactor = new Redactor();
  const log = redactingLogger(deps.log, redactor);
  const redact = (text: string) => redactor.redact(text);
  await removeStaleTempFiles(deps.dataDir, { log, now });

  const notices = new NoticeBoard(deps.clock);
  notices.subscribe((notice) => events.emit('app.notice', { ...notice, message: redact(notice.message) }));
  const media = new MediaRegistry(deps.mediaBase);
  const assets = new AssetStore(deps.dataDir, media, (name, step) => events.emit('assets.importing', { name: redact(name), step: step && redact(step) }));
  const settings = await SettingsService.open({ dir: deps.dataDir, factory: deps.settings, notices, log, now });

  const vault = new SecretVault(deps.secrets, redactor, log, deps.platform, undefined, { clock: deps.clock, ...(deps.keychainTimeoutMs ? { timeoutMs: deps.keychainTimeoutMs } : {}) });
  // Not waited for: a keychain stuck on an unlock prompt must not keep the window from opening (issue 23).
  void vault.probe();

  // Each service announces its changes; these run only after start-up, when every service exists.
  const emitConnections = () => events.emit('connections.changed', connections.list());
  const emitSpending = () => events.emit('spending.changed', spending.cachedSummary());
  const emitKeys = () => events.emit('keys.changed', keys.list());

  const sandbox = new BuiltinSandbox(deps.sandboxOptions ?? { timing: 'demo' }, deps.sandboxLauncher, log, {
    changed: () => emitConnections(),
    stopped: (message) => void notices.add('warning', message),
  }, {
    load: () => settings.get().sandboxPorts,
    save: (ports) => void settings.update((s) => void (s.sandboxPorts = ports)),
  });
  const connections = new ConnectionService(
    settings,
    vault,
    sandbox,
    () => {
      emitConnections();
      emitKeys();
      emitSpending();
    },
    { ...(deps.confirmKeyDestination ? { confirm: deps.confirmKeyDestination } : {}), log },
  );
  const probe = { fetch: deps.fetch, clock: deps.clock, redact };
  // Keys are read in the background (issue 23): what changes before start-up is over is announced at its end.
  let started = false;
  const keys = new KeyService(settings, vault, connections, probe, notices, log, () => {
    if (!started) return;
    emitKeys();
    emitConnections();
    emitSpending();
  });
  await keys.load();

  const ledger = await SpendingLedger.open(deps.dataDir, { notices, log, now });
  const spending = new SpendingService(ledger, settings, connections, probe);
  const desktop = deps.desktop ?? recordingDesktop(join(deps.dataDir, '.desktop'));
  const library = await Library.open({ dataDir: deps.dataDir, media, notices, log, now, appVersion: deps.version, trashItem: (path) => desktop.trashItem(path) });
  library.onAdded((item) => events.emit('library.added', item));
  library.onChanged((change) => (change.kind === 'updated' ? events.emit('library.updated', change.item) : events.emit('library.removed', { id: change.id })));
  const thumbnailOf = (assetId: string) => assets.get(assetId).then((asset) => asset.thumbnailUrl, () => null);
  const projects = await ProjectStore.open({ dataDir: deps.dataDir, notices, log, now, thumbnailOf });
  projects.onChanged((list) => events.emit('projects.changed', { projects: list }));
  const projectFiles = new ProjectFiles({ projects, assets, version: deps.version, now });

  // The balance is asked again after each charge, and once a minute while tasks are on their way.
  const scheduler = new Scheduler(deps.clock);
  const credits = new CreditRefresh(deps.clock, scheduler, async (keyId) => {
    const id = keyId ?? spending.activeKeyId();
    spending.invalidateCredits(id);
    await spending.summary(id);
    if (id === spending.activeKeyId()) emitSpending();
  });
  const onTheirWay = new Set<string>();
  const trackActive = (info: { id: string; state: string }) => {
    if (['submitting', 'running', 'downloading'].includes(info.state)) onTheirWay.add(info.id);
    else onTheirWay.delete(info.id);
    credits.setActive(onTheirWay.size > 0);
  };
  const language = await MainLanguage.open({
    choice: () => settings.get().preferences.language,
    onChoice: (listener) => settings.subscribe(listener),
    systemLocales: () => desktop.systemLocales(),
  });
  const notifyFinished = notifyFinishedTasks(desktop, () => language.text, (target) => events.emit('library.openRequested', target));
  const connectivity = new Connectivity(scheduler, deps.clock, deps.fetch, random, (id) => connections.addressOf(id));
  connectivity.subscribe((status) => events.emit('connections.statusChanged', status));
  // Explore hears every task change; it exists once the engine has read its records (below).
  const hears: { explore?: ExploreService; batches?: BatchService } = {};
  const engine = new TaskEngine({
    clock: deps.clock,
    fetch: deps.fetch,
    log,
    random,
    repo: new TaskRepository(join(deps.dataDir, 'tasks'), notices, log, now),
    library,
    assets,
    connections,
    spending,
    ledger,
    preferences: () => settings.get().preferences,
    scheduler,
    connectivity,
    redact,
    onUpdate: (info) => {
      events.emit('tasks.updated', info);
      hears.explore?.taskChanged(info);
      hears.batches?.taskChanged(info);
      notifyFinished(info);
      trackActive(info);
    },
    onRemoved: (id) => events.emit('tasks.removed', { id }),
    sandboxWebhooks: new SandboxWebhooks(settings, deps.confirmWebhook, () => {
      const running = sandbox.current();
      return running ? [running.baseUrl, running.regionalBaseUrl] : [];
    }),
    notify: (level, message) => void notices.add(level, message),
    onSpending: (keyId) => {
      emitSpending();
      credits.charged(keyId);
    },
  });
  await engine.start();
  const explore = await ExploreService.open({
    dataDir: deps.dataDir,
    engine,
    spending,
    library,
    desktop,
    notices,
    log,
    now,
    random,
    onChanged: (matrix) => events.emit('explore.changed', matrix),
    onCell: (matrixId, cell) => events.emit('explore.cell', { matrixId, cell }),
  });
  hears.explore = explore;
  explore.start();
  const batches = await BatchService.open({
    dataDir: deps.dataDir,
    engine,
    spending,
    library,
    assets,
    notices,
    log,
    now,
    onChanged: (batch) => events.emit('batch.changed', batch),
  });
  hears.batches = batches;
  batches.start();
  if (ledger.wasReset) {
    for (const entry of engine.ledgerEntries()) await ledger.record(entry);
  }

  const updates = new UpdateService({
    settings,
    clock: deps.clock,
    log,
    updater: deps.updater,
    tasks: () => engine.list(),
    onChange: (status) => events.emit('updates.changed', status),
  });
  // A waiting install goes ahead when the tasks in flight settle: it hears every task change.
  const taskChannels = new Set([eventChannel('tasks.updated'), eventChannel('tasks.removed')]);
  events.attach((channel) => {
    if (taskChannels.has(channel)) updates.tasksChanged();
  });
  updates.start();

  let preferences = JSON.stringify(settings.get().preferences);
  settings.subscribe((s) => {
    const next = JSON.stringify(s.preferences);
    if (next === preferences) return;
    preferences = next;
    events.emit('settings.changed', s.preferences);
    engine.preferencesChanged();
  });

  const closing = new CloseHandshake(() => events.emit('app.closing', {}), deps.clock);

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
    project: async (id) => {
      const { file, blobs } = await projects.snapshot(id);
      return { name: file.name, document: file.document, mask: file.document.mask.blob ? (blobs[file.document.mask.blob] ?? null) : null };
    },
    desktop,
    dragDir: join(deps.dataDir, 'drag-out'),
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
    choice: () => settings.get().editor,
    open: (file, app) => desktop.openInEditor(file, app),
    now,
    log,
    notify: (message) => void notices.add('warning', message),
    saved: (session) => events.emit('editor.saved', session),
    stopped: (projectId) => events.emit('editor.stopped', { projectId }),
  });
  // Watched again before the window asks: a save made while the app was closed waits for the canvas.
  await editor.resume();
  projects.onChanged((list) => void editor.forgetOthers(new Set(list.map((p) => p.id))));

  const handlers: Handlers = {
    ...appHandlers(deps, notices, closing),
    ...shellHandlers(deps),
    ...assetHandlers(assets, library, layeredIntake),
    ...layerHandlers(layerExports, layeredIntake),
    ...connectionHandlers(connections, connectivity),
    ...keyHandlers(keys, vault),
    ...settingsHandlers(settings),
    ...taskHandlers(engine),
    ...libraryHandlers(library, { openPath: deps.openPath, log }),
    ...spendingHandlers(spending, () => emitSpending(), deps, (taskId) => describeRun(taskId, { library, engine })),
    ...projectHandlers(projects, projectFiles, deps.projectFileDialogs),
    ...galleryHandlers({ library, desktop, exports: new ResultExports({ library, assets, desktop, appVersion: deps.version, log }) }),
    ...updateHandlers(updates),
    ...groupHandlers({ engine, spending, random }),
    ...estimateHandlers(spending, engine),
    ...exploreHandlers(explore),
    ...batchHandlers(batches, desktop),
    ...editorHandlers(editor, {
      settings,
      desktop,
      platform: deps.platform,
      projectExists: async (id) => (await projects.list()).projects.some((p) => p.id === id),
    }),
    ...clipboardHandlers(assets, desktop),
    ...finetuneHandlers(new FinetuneService(() => connections.resolve(connections.active().id), probe)),
  };

  let disposing: Promise<void> | undefined;
  started = true;
  emitKeys();
  return {
    handlers,
    events,
    media,
    log,
    language,
    beforeClose: (timeoutMs = 3000) => closing.request(timeoutMs),
    openProjectFile: async (path) => {
      try {
        const opened = await projectFiles.open(path);
        // Marked as the one last open, so a window that is only starting opens it too.
        await projects.open(opened.project.id);
        events.emit('projects.fileOpened', opened);
        return true;
      } catch (error) {
        notices.add('error', error instanceof Error ? error.message : String(error));
        log.warn('a project file could not be opened', { path, error: String(error) });
        return false;
      }
    },
    dispose: () => {
      disposing ??= (async () => {
        updates.stop();
        keys.dispose();
        await editor.dispose();
        credits.stop();
        batches.stop();
        explore.stop();
        await engine.stop();
        await explore.flush();
        await batches.flush();
        await sandbox.close();
        // Deleted results could be brought back until now; their files go to the OS trash.
        await library.emptyTrash().catch((error: unknown) => log.error('emptying the gallery trash failed', { error }));
      })();
      return disposing;
    },
  };
}
