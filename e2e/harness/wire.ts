import { decodeBase64Prefix, encodeBase64 } from '../../src/shared/media/base64';

/**
 * Playwright bindings carry JSON-like values only, so the browser harness wraps bytes in an envelope on the
 * way across, and sends the whole value as one JSON string: Playwright checks and copies a value it carries key by
 * key, which for a library of 10,000 results took seconds. This is the harness's transport detail: in Electron,
 * values cross IPC by structured clone.
 */
type Wire = undefined | null | boolean | number | string | Wire[] | { [key: string]: Wire };

const BYTES = '__genBytes';

function toWire(value: unknown): Wire {
  if (value instanceof Uint8Array) return { [BYTES]: encodeBase64(value) };
  if (value instanceof ArrayBuffer) return { [BYTES]: encodeBase64(new Uint8Array(value)) };
  if (Array.isArray(value)) return value.map(toWire);
  if (value && typeof value === 'object') {
    const out: Record<string, Wire> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toWire(v);
    return out;
  }
  return value as Wire;
}

function fromWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromWire);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record[BYTES] === 'string' && Object.keys(record).length === 1) {
      return decodeBase64Prefix(record[BYTES] as string) ?? new Uint8Array();
    }
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fromWire(v)]));
  }
  return value;
}

/** A value as the one string that crosses the binding (`undefined`, which JSON has no text for, as ''). */
export const encodeWire = (value: unknown): string => (value === undefined ? '' : JSON.stringify(toWire(value)));

export function decodeWire(text: unknown): unknown {
  if (typeof text !== 'string') throw new TypeError('The harness binding carries strings only');
  return text === '' ? undefined : fromWire(JSON.parse(text));
}
