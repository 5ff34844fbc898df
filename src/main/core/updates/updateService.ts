import type { TaskInfo, UpdateStatus } from '../../../shared/ipc/contract';
import { english } from '../../../shared/i18n/say';
import { words, type Words } from '../../../shared/i18n/words';
import type { AppUpdater, Clock, Logger, TimerHandle } from '../deps';
import type { SettingsService } from '../settings/settingsService';
import { checkIsDue, installDecision, mayDownload, nextCheckAt } from './updatePolicy';

type State = UpdateStatus['state'];

export interface UpdateServiceDeps {
  readonly settings: SettingsService;
  readonly clock: Clock;
  readonly log: Logger;
  readonly updater: AppUpdater | undefined;
  readonly tasks: () => readonly TaskInfo[];
  readonly onChange: (status: UpdateStatus) => void;
}

/**
 * Carries out updatePolicy's decisions: an automatic check at most once a day while the user has updates on,
 * a download only when they agree, and an install that waits for tasks in flight to settle.
 */
export class UpdateService {
  private state: State;
  private version: string | null = null;
  private progress: number | null = null;
  private problem: Words | null = null;
  private timer: TimerHandle | undefined;
  private stopped = false;

  constructor(private readonly d: UpdateServiceDeps) {
    this.state = !d.updater ? 'unavailable' : this.settings().enabled ? 'idle' : 'off';
  }

  start(): void {
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.d.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  status(): UpdateStatus {
    const { enabled, lastCheckAt } = this.settings();
    return { enabled, state: this.state, version: this.version, progress: this.progress, lastCheckAt, message: this.message(), ...(this.state === 'error' && this.problem ? { words: this.problem } : {}) };
  }

  setEnabled(enabled: boolean): UpdateStatus {
    this.d.settings.update((s) => void (s.updates = { ...s.updates, enabled }));
    if (this.d.updater && ['off', 'idle', 'error'].includes(this.state)) this.set(enabled ? 'idle' : 'off');
    this.schedule();
    return this.status();
  }

  /** A check the user asked for: allowed at any time while updates are on. */
  async check(): Promise<UpdateStatus> {
    if (this.d.updater && this.settings().enabled && !['checking', 'downloading', 'ready', 'waiting'].includes(this.state)) await this.runCheck();
    return this.status();
  }

  async download(): Promise<UpdateStatus> {
    const updater = this.d.updater;
    if (!updater || this.state !== 'available' || !mayDownload({ agreed: true, versionOnOffer: this.version, enabled: this.settings().enabled })) return this.status();
    this.progress = 0;
    this.set('downloading');
    try {
      await updater.download((percent) => {
        this.progress = Math.max(0, Math.min(100, Math.round(percent)));
        this.emit();
      });
      this.progress = null;
      this.set('ready');
    } catch (error) {
      this.fail('download', error);
    }
    return this.status();
  }

  /** The user asked to restart into the new version: now if no task is in flight, else as soon as none is. */
  install(): UpdateStatus {
    if (this.state === 'ready' || this.state === 'waiting') {
      this.set('waiting');
      this.tasksChanged();
    }
    return this.status();
  }

  /** Called whenever a task changes: a waiting install goes ahead once the queue has settled. */
  tasksChanged(): void {
    if (this.state !== 'waiting' || !this.d.updater || this.stopped) return;
    const decision = installDecision(this.d.tasks());
    if (decision.kind === 'wait') return this.emit();
    this.d.log.info('installing the downloaded update', { version: this.version });
    this.d.updater.install();
  }

  private async runCheck(): Promise<void> {
    const updater = this.d.updater;
    if (!updater) return;
    this.set('checking');
    try {
      const found = await updater.check();
      this.d.settings.update((s) => void (s.updates = { ...s.updates, lastCheckAt: this.d.clock.now() }));
      this.version = found?.version ?? null;
      this.set(found ? 'available' : 'idle');
    } catch (error) {
      // A failed check counts as one: the next try is tomorrow, not a loop against an unreachable server.
      this.d.settings.update((s) => void (s.updates = { ...s.updates, lastCheckAt: this.d.clock.now() }));
      this.fail('check', error);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.timer !== undefined) this.d.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped || !['idle', 'error'].includes(this.state)) return;
    const facts = { ...this.settings(), available: this.d.updater !== undefined, now: this.d.clock.now() };
    const at = nextCheckAt(facts);
    if (at === null) return;
    if (checkIsDue(facts)) {
      void this.runCheck();
      return;
    }
    this.timer = this.d.clock.setTimeout(() => {
      this.timer = undefined;
      this.schedule();
    }, at - facts.now);
  }

  private settings() {
    return this.d.settings.get().updates;
  }

  private set(state: State): void {
    this.state = state;
    if (state !== 'error') this.problem = null;
    this.emit();
  }

  private fail(what: 'check' | 'download', error: unknown): void {
    this.problem = words('main.update.failed', { what, error: error instanceof Error ? error.message : String(error) });
    this.d.log.warn(english(this.problem), { error: String(error) });
    this.state = 'error';
    this.emit();
  }

  private emit(): void {
    this.d.onChange(this.status());
  }

  private message(): string {
    switch (this.state) {
      case 'unavailable':
        return 'This copy of Gen Studio does not update itself: updates come with the installed app.';
      case 'off':
        return 'Updates are off.';
      case 'idle':
        return this.settings().lastCheckAt === null ? 'Gen Studio will check for updates shortly.' : 'Gen Studio is up to date.';
      case 'checking':
        return 'Checking for updates…';
      case 'available':
        return `Version ${this.version} is available.`;
      case 'downloading':
        return `Downloading version ${this.version}…`;
      case 'ready':
        return `Version ${this.version} is ready: restart to install it.`;
      case 'waiting': {
        const decision = installDecision(this.d.tasks());
        const busy = decision.kind === 'wait' ? decision.busy : 0;
        return `Version ${this.version} installs when the ${busy === 1 ? 'task' : `${busy} tasks`} being sent or checked ${busy === 1 ? 'is' : 'are'} done.`;
      }
      case 'error':
        return this.problem ? english(this.problem) : 'Updates ran into a problem.';
    }
  }
}
