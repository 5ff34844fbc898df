import { galleryRow, type GalleryRow } from './galleryIndex';
import { IndexLog } from './indexLog';
import { recordOf, type Sidecar } from './sidecar';
import { recordWithoutDetails, type ResultRecord } from '../../../shared/library/resultRecord';

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
  return { id: s.id, file: s.fileName, mime: s.mime, bytes: s.bytes, savedAt: s.savedAt, line, row: galleryRow(s) };
}

/** A result whose details were lost: its file alone, found by name. */
export function entryWithoutDetails(id: string, file: string, mime: string, bytes: number, savedAt: number): Entry {
  return { id, file, mime, bytes, savedAt, line: null, row: galleryRow(recordWithoutDetails({ id, fileName: file, mime, bytes, savedAt })) };
}

/** The record of a result: its sidecar's, or what its file alone tells when the sidecar could not be read. */
export const recordOfEntry = (e: Entry): ResultRecord =>
  e.line === null ? recordWithoutDetails({ id: e.id, fileName: e.file, mime: e.mime, bytes: e.bytes, savedAt: e.savedAt }) : recordOf(IndexLog.sidecarOf(e.line));

/** An image with its details has the preview made when it was filed; a video has one once its poster is drawn. */
export const hasImagePreview = (e: Entry): boolean => e.mime.startsWith('image/') && e.line !== null;
