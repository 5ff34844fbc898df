import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AssetStore } from './assets/assetStore';
import { BatchService } from './batch/batchService';
import { EventBus } from './bus/eventBus';
import type { CoreBus, CoreBusEvents } from './bus/coreBus';
import { CloseHandshake } from './closeHandshake';
import { SandboxWebhooks } from './connections/sandboxWebhooks';
import type { CoreDeps, Logger } from './deps';
import { recordingDesktop } from './desktop/nodeDesktop';
import { Connectivity } from './engine/connectivity';
import { Scheduler } from './engine/scheduler';
import { TaskEngine } from './engine/taskEngine';
import { TaskRepository } from './engine/taskRepository';
import { CoreEvents } from './events';
import { ExploreService } from './explore/exploreService';
import { removeStaleTempFiles } from './fs/staleTempFiles';
import { MainLanguage } from './i18n/mainLanguage';
import type { Handlers } from './handlers/types';
import { Library } from './library/library';
import { MediaRegistry } from './media';
import { NoticeBoard } from './notices/noticeBoard';
import { notifyFinishedTasks } from './notifications/finishedTasks';
import { ProjectFiles } from './projects/projectFiles';
import { ProjectStore } from './projects/projectStore';
import { Redactor, redactingLogger } from './secrets/redactor';
import { SettingsService } from './settings/settingsService';
import { CreditRefresh } from './spending/creditRefresh';
import { SpendingLedger } from './spending/ledger';
import { SpendingService } from './spending/spendingService';
import { UpdateService } from './updates/updateService';
import { openAccounts } from './wiring/accounts';
import { openEditing } from './wiring/editing';
import { coreHandlers } from './wiring/handlers';
import { openProjectFile } from './wiring/projectFileOpening';
import { forwardToRenderer } from './wiring/rendererEvents';
import { announcePreferenceChanges } from './wiring/settingsChanges';
import { wireTaskChanges } from './wiring/taskChanges';
import { english } from '../../shared/i18n/say';
import { redactedWords } from './i18n/redactedWords';

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
 * suites and the browser harness use it as it is. What more than one service hears of goes through one typed
 * bus (bus/coreBus.ts): the engine says a task changed, and Explore, Batch, notifications, credits, updates and
 * the renderer each subscribe (wiring/).
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
  const bus: CoreBus = new EventBus<CoreBusEvents>(log);
  await removeStaleTempFiles(deps.dataDir, { log, now });

  const notices = new NoticeBoard(deps.clock);
  notices.subscribe((notice) => events.emit('app.notice', { ...notice, message: redact(notice.message) }));
  const media = new MediaRegistry(deps.mediaBase);
  const assets = new AssetStore(deps.dataDir, media, (name, step) =>
    events.emit('assets.importing', { name: redact(name), step: step && redact(english(step)), ...(step ? { stepWords: redactedWords(step, redact) } : {}) }),
  );
  const settings = await SettingsService.open({ dir: deps.dataDir, factory: deps.settings, notices, log, now });
  const { vault, sandbox, connections, keys, probe, started } = openAccounts(deps, { settings, notices, log, redactor, bus });

  const ledger = await SpendingLedger.open(deps.dataDir, { notices, log, now });
  const spending = new SpendingService(ledger, settings, connections, probe);
  const { spendingChanged } = forwardToRenderer(bus, events, { connections, keys, spending });
  await keys.load();
  const desktop = deps.desktop ?? recordingDesktop(join(deps.dataDir, '.desktop'));
  const library = await Library.open({ dataDir: deps.dataDir, media, notices, log, now, appVersion: deps.version, trashItem: (path) => desktop.trashItem(path) });
  library.onAdded((item) => bus.emit('result.filed', item));
  library.onChanged((change) => (change.kind === 'updated' ? events.emit('library.updated', change.item) : events.emit('library.removed', { id: change.id })));
  const thumbnailOf = (assetId: string) => assets.get(assetId).then((asset) => asset.thumbnailUrl, () => null);
  const projects = await ProjectStore.open({ dataDir: deps.dataDir, notices, log, now, thumbnailOf });
  projects.onChanged((list) => events.emit('projects.changed', { projects: list }));
  const projectFiles = new ProjectFiles({ projects, assets, version: deps.version, now });

  const scheduler = new Scheduler(deps.clock);
  const credits = new CreditRefresh(deps.clock, scheduler, async (keyId) => {
    const id = keyId ?? spending.activeKeyId();
    spending.invalidateCredits(id);
    await spending.summary(id);
    if (id === spending.activeKeyId()) spendingChanged();
  });
  const language = await MainLanguage.open({ choice: () => settings.get().preferences.language, onChoice: (listener) => settings.subscribe(listener), systemLocales: () => desktop.systemLocales() });
  const connectivity = new Connectivity(scheduler, deps.clock, deps.fetch, random, (id) => connections.addressOf(id));
  connectivity.subscribe((status) => events.emit('connections.statusChanged', status));
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
    onUpdate: (task) => bus.emit('task.changed', task),
    onRemoved: (id) => bus.emit('task.removed', { id }),
    sandboxWebhooks: new SandboxWebhooks(settings, deps.confirmWebhook, () => {
      const running = sandbox.current();
      return running ? [running.baseUrl, running.regionalBaseUrl] : [];
    }),
    notify: (level, message) => void notices.add(level, message),
    onSpending: (keyId) => bus.emit('spending.charged', { keyId }),
  });
  await engine.start();
  const runDeps = { dataDir: deps.dataDir, engine, spending, library, notices, log, now };
  const explore = await ExploreService.open({
    ...runDeps,
    desktop,
    random,
    onChanged: (matrix) => events.emit('explore.changed', matrix),
    onCell: (matrixId, cell) => events.emit('explore.cell', { matrixId, cell }),
  });
  const batches = await BatchService.open({ ...runDeps, assets, onChanged: (batch) => events.emit('batch.changed', batch) });
  const updates = new UpdateService({ settings, clock: deps.clock, log, updater: deps.updater, tasks: () => engine.list(), onChange: (status) => events.emit('updates.changed', status) });
  const notifyFinished = notifyFinishedTasks(desktop, () => language.text, (target) => events.emit('library.openRequested', target));
  wireTaskChanges(bus, { runs: [explore, batches], notifyFinished, credits, updates });
  explore.start();
  batches.start();
  if (ledger.wasReset) {
    for (const entry of engine.ledgerEntries()) await ledger.record(entry);
  }
  updates.start();

  bus.on('settings.changed', () => engine.preferencesChanged());
  announcePreferenceChanges(settings, bus);

  const closing = new CloseHandshake(() => events.emit('app.closing', {}), deps.clock);
  const editing = await openEditing(deps, { assets, library, projects, settings, desktop, notices, events, log, now });
  const handlers: Handlers = coreHandlers(deps, {
    notices, closing, assets, library, projects, projectFiles, connections, connectivity, keys, vault, probe, settings,
    spending, engine, updates, explore, batches, desktop, log, random, spendingChanged, ...editing,
  });

  let disposing: Promise<void> | undefined;
  started();
  events.emit('keys.changed', keys.list());
  return {
    handlers,
    events,
    media,
    log,
    language,
    beforeClose: (timeoutMs = 3000) => closing.request(timeoutMs),
    openProjectFile: (path) => openProjectFile(path, { projectFiles, projects, events, notices, log }),
    dispose: () => {
      disposing ??= (async () => {
        updates.stop();
        keys.dispose();
        credits.stop();
        batches.stop();
        explore.stop();
        // The engine's grace for a request on its way is counted from the moment Quit is asked: nothing waits before it.
        await engine.stop();
        editing.dragOut.stop();
        await editing.editor.dispose();
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
