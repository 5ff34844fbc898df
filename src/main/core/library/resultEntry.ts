import { galleryRow, type GalleryRow } from './galleryIndex';
import { IndexLog } from './indexLog';
import type { Sidecar } from './sidecar';

/** What the library holds in memory of one result: where it is, and what the gallery's search reads. */
export interface Entry {
  readonly id: string;
  readonly file: string;
  readonly mime: string;
  readonly bytes: number;
  readonly savedAt: number;
  /** its line in the index, the sidecar parsed again when a page needs it; null when the sidecar could not be read */
  readonly line: string | null;
  readonly row: GalleryRow;
}

export function entryOf(s: Sidecar, line: string = IndexLog.lineOf(s)): Entry {
  return { id: s.id, file: s.file, mime: s.mime, bytes: s.bytes, savedAt: s.timings.savedAt, line, row: rowOf(s.id, s.file, s.timings.savedAt, s) };
}

/** A result whose details were lost: its file alone, found by name. */
export function entryWithoutDetails(id: string, file: string, mime: string, bytes: number, savedAt: number): Entry {
  return { id, file, mime, bytes, savedAt, line: null, row: rowOf(id, file, savedAt, null) };
}

function rowOf(id: string, file: string, savedAt: number, s: Sidecar | null): GalleryRow {
  const prompt = s && typeof s.params.prompt === 'string' ? s.params.prompt : '';
  return galleryRow({
    id,
    savedAt,
    createdAt: s?.timings.createdAt ?? savedAt,
    endpointId: s?.endpoint.id ?? 'unknown',
    prompt,
    fileName: file,
    projectId: s?.projectId ?? null,
    group: s?.group ?? null,
  });
}

export const sidecarOfEntry = (e: Entry): Sidecar | null => (e.line === null ? null : IndexLog.sidecarOf(e.line));

/** An image with its details has the preview made when it was filed; a video has one once its poster is drawn. */
export const hasImagePreview = (e: Entry): boolean => e.mime.startsWith('image/') && e.line !== null;
