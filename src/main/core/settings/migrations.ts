import { DEFAULT_ENDPOINT_WORD } from '../../../shared/catalog/catalog';
import { SETTINGS_VERSION } from './schema';

type Raw = Record<string, unknown>;

/**
 * One step per version: `MIGRATIONS[n]` turns a version-n file into version n+1. A step receives the raw
 * stored object, so it can read shapes the current schema no longer accepts.
 */
const MIGRATIONS: Readonly<Record<number, (raw: Raw) => Raw>> = {
  /**
   * Version 0: files written before settings carried a version (the foundation build, or written by hand).
   * Connections then had no endpoint word and preferences were loose top-level keys.
   */
  0: (raw) => {
    const { concurrencyPerKey, sendWhenOnline, ...rest } = raw;
    const connections = Array.isArray(raw.connections)
      ? raw.connections.map((c: unknown) =>
          c && typeof c === 'object' && !('endpointWord' in c) ? { ...(c as Raw), endpointWord: DEFAULT_ENDPOINT_WORD } : c,
        )
      : raw.connections;
    const preferences =
      raw.preferences ??
      (concurrencyPerKey !== undefined || sendWhenOnline !== undefined ? { concurrencyPerKey, sendWhenOnline } : undefined);
    return { ...rest, connections, ...(preferences !== undefined ? { preferences } : {}), schemaVersion: 1 };
  },
};

export type MigrationOutcome =
  | { readonly kind: 'current'; readonly raw: Raw }
  | { readonly kind: 'migrated'; readonly raw: Raw; readonly from: number }
  | { readonly kind: 'newer'; readonly version: number };

/** Brings a stored object up to the current version, one step at a time. */
export function migrate(raw: Raw): MigrationOutcome {
  const stored = typeof raw.schemaVersion === 'number' && Number.isInteger(raw.schemaVersion) ? raw.schemaVersion : 0;
  if (stored > SETTINGS_VERSION) return { kind: 'newer', version: stored };
  if (stored === SETTINGS_VERSION) return { kind: 'current', raw };
  let current = raw;
  for (let v = stored; v < SETTINGS_VERSION; v++) {
    const step = MIGRATIONS[v];
    if (!step) throw new Error(`No settings migration from version ${v}`);
    current = step(current);
  }
  return { kind: 'migrated', raw: { ...current, schemaVersion: SETTINGS_VERSION }, from: stored };
}
