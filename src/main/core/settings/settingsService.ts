import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger, SettingsBackend, SettingsFactory } from '../deps';
import { asideStamp, readJsonOrSetAside } from '../fs/readJsonOrSetAside';
import type { NoticeBoard } from '../notices/noticeBoard';
import { noticeWords } from '../notices/noticeWords';
import { migrate } from './migrations';
import { defaultSettings, SETTINGS_FIELDS, type AppSettings } from './schema';

const SETTINGS_NAME = 'settings';

type Listener = (settings: AppSettings) => void;

/** Anything but a JSON object cannot be settings. */
const SettingsObjectSchema = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

/** Keeps what validates: whole fields, and the good elements of a list whose other elements are damaged. */
function repair(raw: Record<string, unknown>): { settings: AppSettings; repaired: string[] } {
  const defaults = defaultSettings();
  const out: Record<string, unknown> = { ...defaults };
  const repaired: string[] = [];
  for (const [name, schema] of Object.entries(SETTINGS_FIELDS) as [keyof typeof SETTINGS_FIELDS, z.ZodType][]) {
    const value = raw[name];
    if (value === undefined) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) {
      out[name] = parsed.data;
      continue;
    }
    if (Array.isArray(value) && 'element' in schema) {
      const element = (schema as unknown as z.ZodArray<z.ZodType>).element;
      const kept = value.map((v) => element.safeParse(v)).filter((r) => r.success).map((r) => r.data);
      out[name] = kept;
    }
    repaired.push(name);
  }
  return { settings: out as AppSettings, repaired };
}

/**
 * The app's settings, in conf: checked field by field against a schema and
 * brought up to date by migrations. A file that cannot be read is set aside with a notice, never a crash.
 */
export class SettingsService {
  private current: AppSettings;
  private readonly listeners = new Set<Listener>();

  private constructor(
    private readonly backend: SettingsBackend<AppSettings>,
    initial: AppSettings,
  ) {
    this.current = initial;
  }

  static async open(options: {
    dir: string;
    factory: SettingsFactory;
    notices: NoticeBoard;
    log: Logger;
    now: () => number;
  }): Promise<SettingsService> {
    const { dir, factory, notices, log, now } = options;
    const file = join(dir, `${SETTINGS_NAME}.json`);
    const asideAs = (why: string) => join(dir, `${SETTINGS_NAME}.${why}-${asideStamp(now())}.json`);
    /** A copy of the file as it was, kept beside the one this version goes on with. */
    const keepCopy = async (why: string): Promise<string> => {
      const aside = asideAs(why);
      await copyFile(file, aside);
      return aside;
    };

    // Read the file itself rather than the store's view of it: the store merges in defaults, which would hide
    // a missing version, and throws on a file it cannot parse (or a folder where the file should be).
    const read = await readJsonOrSetAside(file, { schema: SettingsObjectSchema, aside: asideAs('unreadable') });
    let raw: Record<string, unknown> = { schemaVersion: defaultSettings().schemaVersion };
    if (read.status === 'ok') raw = read.value;
    if (read.status === 'set-aside') {
      log.warn('settings file unreadable; set aside', { aside: read.aside });
      notices.add('warning', noticeWords.settingsSetAside(read.aside));
    }

    const backend = factory<AppSettings>({ cwd: dir, name: SETTINGS_NAME, defaults: defaultSettings() });
    const migrated = migrate(raw);
    let settings: AppSettings;
    if (migrated.kind === 'newer') {
      const aside = await keepCopy('newer');
      notices.add('warning', noticeWords.settingsNewer(migrated.version, aside));
      settings = defaultSettings();
    } else {
      const { settings: clean, repaired } = repair(migrated.raw);
      if (repaired.length) {
        const aside = await keepCopy('damaged');
        log.warn('settings repaired', { fields: repaired, aside });
        notices.add('warning', noticeWords.settingsRepaired(repaired, aside));
      }
      if (migrated.kind === 'migrated') log.info('settings migrated', { from: migrated.from });
      settings = clean;
    }
    backend.set(settings);
    return new SettingsService(backend, settings);
  }

  get(): AppSettings {
    return structuredClone(this.current);
  }

  /** Applies a change, checks the result against the schema, stores it, and tells the listeners. */
  update(change: (draft: AppSettings) => void): AppSettings {
    const draft = this.get();
    change(draft);
    for (const [name, schema] of Object.entries(SETTINGS_FIELDS)) {
      (draft as Record<string, unknown>)[name] = (schema as z.ZodType).parse(draft[name]);
    }
    this.backend.set(draft);
    this.current = draft;
    for (const listener of this.listeners) listener(this.get());
    return this.get();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get path(): string {
    return this.backend.path;
  }
}
