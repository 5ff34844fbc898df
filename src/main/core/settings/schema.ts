import { z } from 'zod';
import { DEFAULT_ENDPOINT_WORD } from '../../../shared/catalog/catalog';
import { DEFAULT_CONCURRENCY_PER_KEY, EditorChoiceSchema, MAX_CONCURRENCY_PER_KEY, PreferencesSchema, SpendingCapsSchema, type EditorChoice, type Preferences } from '../../../shared/ipc/contract';
import { SANDBOX_CONNECTION_ID } from '../../../shared/connections/builtinIds';

/** Bumped whenever the stored shape changes; `migrations.ts` holds the step from each older version. */
export const SETTINGS_VERSION = 1;

/** A key's record. The key itself lives in the keychain (or this session's memory) under `id`, never here. */
const KeyRecordSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  organization: z.string(),
  project: z.string(),
  hint: z.string().max(4),
  connectionId: z.string(),
  storage: z.enum(['keychain', 'session']),
  createdAt: z.number(),
  /**
   * The user removed the key but the keychain did not answer (locked): the record stays, unused, until the
   * secret is deleted. Absent in files from before it existed (no migration needed).
   */
  removalPending: z.boolean().optional(),
});
export type KeyRecord = z.infer<typeof KeyRecordSchema>;

const ConnectionRecordSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  baseUrl: z.string(),
  regionalBaseUrl: z.string().nullable(),
  endpointWord: z.string().default(DEFAULT_ENDPOINT_WORD),
  keyId: z.string().nullable(),
});
export type ConnectionRecord = z.infer<typeof ConnectionRecordSchema>;

/** The built-in Sandbox's ports last time, tried first so its addresses stay the same across restarts. */
const SandboxPortsSchema = z.object({
  base: z.number().int().min(1).max(65_535),
  regional: z.number().int().min(1).max(65_535),
});
export type SandboxPorts = z.infer<typeof SandboxPortsSchema>;

/** Updates from the project's releases: off until the user turns them on; the last check limits them to one a day. */
const UpdateSettingsSchema = z.object({ enabled: z.boolean(), lastCheckAt: z.number().nullable() });
type UpdateSettings = z.infer<typeof UpdateSettingsSchema>;

const DEFAULT_PREFERENCES: Preferences = { concurrencyPerKey: DEFAULT_CONCURRENCY_PER_KEY, sendWhenOnline: 'automatically', theme: 'system', language: 'system' };

/**
 * Preferences as stored: a cap written when more tasks per key were allowed (up to 64) is read as the most now
 * allowed, rather than costing the whole entry (and the other preferences with it).
 */
const StoredPreferencesSchema = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const cap = (raw as { concurrencyPerKey?: unknown }).concurrencyPerKey;
  return typeof cap === 'number' && Number.isInteger(cap) && cap > MAX_CONCURRENCY_PER_KEY ? { ...raw, concurrencyPerKey: MAX_CONCURRENCY_PER_KEY } : raw;
}, PreferencesSchema);

/** Each top-level entry is checked on its own, so one damaged entry never costs the others. */
export const SETTINGS_FIELDS = {
  schemaVersion: z.number().int().nonnegative(),
  connections: z.array(ConnectionRecordSchema),
  keys: z.array(KeyRecordSchema),
  activeConnectionId: z.string().min(1),
  preferences: StoredPreferencesSchema,
  /** by key id (`sandbox` for the built-in connection) */
  spendingCaps: z.record(z.string(), SpendingCapsSchema),
  /** absent in files from before it existed: the default (none yet) applies, so no migration is needed */
  sandboxPorts: SandboxPortsSchema.nullable(),
  /** origins the user allowed the built-in Sandbox to send results to (a dialog of main's); absent before: none */
  sandboxWebhooks: z.array(z.string().max(2083)).max(200),
  /** absent in files from before it existed: the default (off) applies, so no migration is needed */
  updates: UpdateSettingsSchema,
  /** the app "Edit in…" opens; absent in files from before it existed: the system's default app */
  editor: EditorChoiceSchema,
} as const;

export interface AppSettings extends Record<string, unknown> {
  schemaVersion: number;
  connections: ConnectionRecord[];
  keys: KeyRecord[];
  activeConnectionId: string;
  preferences: Preferences;
  spendingCaps: Record<string, z.infer<typeof SpendingCapsSchema>>;
  sandboxPorts: SandboxPorts | null;
  sandboxWebhooks: string[];
  updates: UpdateSettings;
  editor: EditorChoice;
}

export function defaultSettings(): AppSettings {
  return {
    schemaVersion: SETTINGS_VERSION,
    connections: [],
    keys: [],
    activeConnectionId: SANDBOX_CONNECTION_ID,
    preferences: { ...DEFAULT_PREFERENCES },
    spendingCaps: {},
    sandboxPorts: null,
    sandboxWebhooks: [],
    updates: { enabled: false, lastCheckAt: null },
    editor: { kind: 'system' },
  };
}
