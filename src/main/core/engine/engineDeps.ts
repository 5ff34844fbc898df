import type { Preferences, TaskInfo } from '../../../shared/ipc/contract';
import type { Words } from '../../../shared/i18n/words';
import type { AssetStore } from '../assets/assetStore';
import type { ResolvedConnection } from '../connections/connectionService';
import type { SandboxWebhooks } from '../connections/sandboxWebhooks';
import type { Clock, Logger } from '../deps';
import type { Library } from '../library/library';
import type { SpendingLedger } from '../spending/ledger';
import type { SpendingService } from '../spending/spendingService';
import type { Connectivity } from './connectivity';
import type { Scheduler } from './scheduler';
import type { TaskRepository } from './taskRepository';

/** The part of the connection service the engine uses. */
interface EngineConnections {
  activeId(): string;
  keyIdOf(connectionId: string): string | null;
  resolve(connectionId: string, keyId?: string): Promise<ResolvedConnection>;
  /** Why the key may not go to a polling address (null: it may); `ask` may put a foreign host to the user. */
  pollingRefusal(conn: ResolvedConnection, pollingUrl: string | null, mode: 'ask' | 'check'): Promise<string | null>;
}

export interface EngineDeps {
  readonly clock: Clock;
  readonly fetch: typeof fetch;
  readonly log: Logger;
  readonly random: () => number;
  readonly repo: TaskRepository;
  readonly library: Library;
  readonly assets: AssetStore;
  readonly connections: EngineConnections;
  readonly spending: SpendingService;
  readonly ledger: SpendingLedger;
  readonly preferences: () => Preferences;
  readonly scheduler: Scheduler;
  readonly connectivity: Connectivity;
  /** Takes every known key out of text that came from elsewhere (a service may echo the key). */
  readonly redact: (text: string) => string;
  readonly onUpdate: (info: TaskInfo) => void;
  readonly onRemoved: (id: string) => void;
  readonly onSpending: (keyId: string) => void;
  /** Where the built-in Sandbox may send a request's results (`webhook_url`): see connections/sandboxWebhooks.ts. */
  readonly sandboxWebhooks: Pick<SandboxWebhooks, 'refusal'>;
  /** Tells the user something in the app's notices (a task set aside by the crash-loop guard). */
  readonly notify: (level: 'info' | 'warning', message: Words | string) => void;
}
