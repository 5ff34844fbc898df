import { words, type Words, type WordsValue } from '../../../shared/i18n/words';

/** What a data folder holds, for the notice that says it was in the way (`main.notice.dataSubfolder`). */
export type FolderHolds = 'projects' | 'results' | 'queue' | 'matrix' | 'batch' | 'run';

/** A saved run's kind as its notices name it: an Explore matrix, a batch, or (in tests and anything else) a run. */
export const runKind = (what: string): 'matrix' | 'batch' | 'run' => (what === 'matrix' || what === 'batch' ? what : 'run');

/**
 * The notices main raises about files it set aside, keys and paused runs, as words (`main.notice.*`), so the window
 * says them in the artist's language; paths, names and the service's words are values, never translated.
 */
export const noticeWords = {
  maskUnreadable: (name: string) => words('main.notice.maskUnreadable', { name }),
  projectSetAside: (path: string) => words('main.notice.projectSetAside', { path }),
  sidecarOrphan: (name: string, path: string) => words('main.notice.sidecarOrphan', { name, path }),
  detailsSetAside: (name: string, path: string) => words('main.notice.detailsSetAside', { name, path }),
  galleryStateSetAside: (path: string) => words('main.notice.galleryStateSetAside', { path }),
  runPaused: (what: string, name: WordsValue, problem: WordsValue) => words('main.notice.runPaused', { what: runKind(what), name, problem }),
  dataSubfolder: (name: string, holds: FolderHolds, path: string) => words('main.notice.dataSubfolder', { name, holds, path }),
  savedRecordSetAside: (what: string, path: string) => words('main.notice.savedRecordSetAside', { what: runKind(what), path }),
  settingsSetAside: (path: string) => words('main.notice.settingsSetAside', { path }),
  settingsNewer: (version: number, path: string) => words('main.notice.settingsNewer', { version: String(version), path }),
  settingsRepaired: (fields: readonly string[], path: string) => words('main.notice.settingsRepaired', { fields: fields.join(', '), path }),
  ledgerSetAside: (path: string) => words('main.notice.ledgerSetAside', { path }),
  sessionKeysGone: (labels: readonly string[]) => words('main.notice.sessionKeysGone', { count: labels.length, names: quoted(labels) }),
  keysWaiting: (keychain: Words, labels: readonly string[]) => words('main.notice.keysWaiting', { keychain, count: labels.length, names: quoted(labels) }),
  keyRemovalPending: (key: string, backend: string) => words('main.notice.keyRemovalPending', { key, backend }),
  keyDeleted: (key: string, backend: string) => words('main.notice.keyDeleted', { key, backend }),
};

/** Key names as the notices list them: each in quotes, the names themselves never translated. */
const quoted = (labels: readonly string[]): string => labels.map((l) => `“${l}”`).join(', ');
