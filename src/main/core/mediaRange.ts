/**
 * The byte range a media request asks for (RFC 9110 `Range: bytes=…`, one range), so a <video> can seek in a
 * stored MP4 without loading it whole. The Electron protocol handler and the browser harness both answer with it.
 */
export type ByteRange = { readonly start: number; readonly end: number };

/**
 * `undefined`: no (usable) range, answer the whole file with 200. `'unsatisfiable'`: answer 416. Otherwise the
 * inclusive range to answer with 206. Several ranges, or a malformed header, count as none (the whole file),
 * which RFC 9110 allows.
 */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (!m[1] && !m[2])) return undefined;
  if (!m[1]) {
    // A suffix: the last N bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  if (start >= size) return 'unsatisfiable';
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (end < start) return undefined;
  return { start, end };
}

/** The status and headers of a range answer (or of the whole file), beside the content type the caller sets. */
export function rangeResponse(range: ByteRange | 'unsatisfiable' | undefined, size: number): { status: 200 | 206 | 416; headers: Record<string, string>; start: number; end: number } {
  const base = { 'accept-ranges': 'bytes' };
  if (range === 'unsatisfiable') return { status: 416, headers: { ...base, 'content-range': `bytes */${size}`, 'content-length': '0' }, start: 0, end: -1 };
  if (!range) return { status: 200, headers: { ...base, 'content-length': String(size) }, start: 0, end: size - 1 };
  return {
    status: 206,
    headers: { ...base, 'content-range': `bytes ${range.start}-${range.end}/${size}`, 'content-length': String(range.end - range.start + 1) },
    start: range.start,
    end: range.end,
  };
}
