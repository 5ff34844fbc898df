/** Base64 without atob/Buffer, so shared code stays free of DOM and Node globals. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;
LOOKUP['-'.charCodeAt(0)] = 62;
LOOKUP['_'.charCodeAt(0)] = 63;

/** Strips a `data:...;base64,` prefix when present. */
export function stripDataUrl(value: string): string {
  if (!value.startsWith('data:')) return value;
  const comma = value.indexOf(',');
  return comma < 0 ? value : value.slice(comma + 1);
}

/**
 * Decodes at most `maxBytes` bytes from the start of a base64 string; enough to read an image header without
 * decoding a 40 MB image. Returns undefined when the text is not base64.
 */
export function decodeBase64Prefix(value: string, maxBytes = Number.POSITIVE_INFINITY): Uint8Array | undefined {
  const text = stripDataUrl(value);
  const chars = Math.min(text.length, Number.isFinite(maxBytes) ? Math.ceil(maxBytes / 3) * 4 : text.length);
  const out = new Uint8Array(Math.floor((chars * 3) / 4));
  let bits = 0;
  let buffer = 0;
  let n = 0;
  for (let i = 0; i < chars; i++) {
    const c = text.charCodeAt(i);
    if (c === 61 /* = */) break;
    if (c === 10 || c === 13 || c === 32) continue;
    const v = c < 128 ? LOOKUP[c] : -1;
    if (v === undefined || v < 0) return undefined;
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (buffer >> bits) & 0xff;
    }
  }
  return out.subarray(0, n);
}

export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const v = bytes[i]! << 16;
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + '=';
  }
  return out;
}
