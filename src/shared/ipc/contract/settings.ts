import { z } from 'zod';
import { LANGUAGE_CHOICES } from '../../i18n/locales';
import { call, event } from '../define';

/** What happens to tasks prepared while the connection was away, once it answers again. */
const SEND_WHEN_ONLINE = ['automatically', 'on-request'] as const;

/** The service's observed active-task limit per key (field notes); the default cap stays well below it. */
export const SERVICE_ACTIVE_TASK_LIMIT = 24;
export const DEFAULT_CONCURRENCY_PER_KEY = 8;
/**
 * No more tasks of one key in flight than the service takes: a task sent beyond it only earns a 429 and holds a
 * connection open meanwhile. Where a service takes fewer, its 429s make the rest wait (see docs/engine.md).
 * A policy equal to the observed fact, named apart so each use says which it means.
 * @alias
 */
export const MAX_CONCURRENCY_PER_KEY = SERVICE_ACTIVE_TASK_LIMIT;

/** The app's look: the system's light or dark setting, or one of them always. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const PreferencesSchema = z.object({
  /** Tasks of one key in flight at once; the rest wait, visibly, in the queue. */
  concurrencyPerKey: z.number().int().min(1).max(MAX_CONCURRENCY_PER_KEY),
  sendWhenOnline: z.enum(SEND_WHEN_ONLINE),
  /** Absent in files from before it existed, and then 'system'. Optional rather than defaulted, so a partial
   * update that leaves it out cannot reset it. */
  theme: z.enum(THEME_CHOICES).optional(),
  /** The language of every word: the system's ('system', and absent in files from before it existed) or one always. */
  language: z.enum(LANGUAGE_CHOICES).optional(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const settingsCalls = {
  'settings.get': call(z.undefined(), PreferencesSchema),
  'settings.update': call(PreferencesSchema.partial(), PreferencesSchema),
};

export const settingsEvents = {
  'settings.changed': event(PreferencesSchema),
};
