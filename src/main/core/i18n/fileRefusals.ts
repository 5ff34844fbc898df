import { words, type Words } from '../../../shared/i18n/words';
import { MAX_BOXES, type Mp4Reading } from '../../../shared/media/mp4';
import { runKind } from '../notices/noticeWords';

/**
 * What main says when a call about projects, project files, the library, exports or saved runs is refused, as words
 * (`files.*` in the catalogs), so the window says them in the artist's language. File names, folder paths, project
 * names and the system's own error text are values, never translated.
 */
export const projectRefusal = {
  notFound: words('files.project.notFound'),
  noDialogs: words('files.project.noDialogs'),
  blobsOfNew: words('files.project.blobsOfNew'),
  filesNotSent: (names: readonly string[]) => words('files.project.filesNotSent', { count: names.length, names: names.join(', ') }),
  filesNotHeld: (names: readonly string[]) => words('files.project.filesNotHeld', { count: names.length, names: names.join(', ') }),
  maskUnreadable: (name: string) => words('files.project.maskUnreadable', { name }),
  pictureGone: (name: string) => words('files.project.pictureGone', { name }),
} satisfies Record<string, Words | ((...args: never[]) => Words)>;

/** A `.genstudio` file that cannot be saved or opened; `file` is its name as the artist sees it. */
export const projectFileRefusal = {
  notWritten: (file: string, problem: string) => words('files.projectFile.notWritten', { file, problem }),
  notProjectFile: (file: string, extension: string) => words('files.projectFile.notProjectFile', { file, extension }),
  isFolder: (file: string) => words('files.projectFile.isFolder', { file }),
  tooLarge: (file: string) => words('files.projectFile.tooLarge', { file }),
  notFound: (file: string) => words('files.projectFile.notFound', { file }),
  notRead: (file: string) => words('files.projectFile.notRead', { file }),
  notWaiting: words('files.projectFile.notWaiting'),
  // Why a file could not be opened, each one whole sentence pair in the catalog (never the name glued to a reason).
  newerProject: (file: string) => words('files.projectFile.newerProject', { file }),
  damagedProject: (file: string) => words('files.projectFile.damagedProject', { file }),
  pictureMissing: (file: string) => words('files.projectFile.pictureMissing', { file }),
  pictureNotNamed: (file: string) => words('files.projectFile.pictureNotNamed', { file }),
  empty: (file: string) => words('files.projectFile.empty', { file }),
  archiveTooLarge: (file: string) => words('files.projectFile.archiveTooLarge', { file }),
  notZip: (file: string) => words('files.projectFile.notZip', { file }),
  unpacksTooLarge: (file: string) => words('files.projectFile.unpacksTooLarge', { file }),
  cutShort: (file: string) => words('files.projectFile.cutShort', { file }),
  noManifest: (file: string) => words('files.projectFile.noManifest', { file }),
  notOurs: (file: string) => words('files.projectFile.notOurs', { file }),
  newerFormat: (file: string, version: number) => words('files.projectFile.newerFormat', { file, version }),
  noContents: (file: string) => words('files.projectFile.noContents', { file }),
  entryMissing: (file: string, entry: string) => words('files.projectFile.entryMissing', { file, entry }),
  entryChecksum: (file: string, entry: string) => words('files.projectFile.entryChecksum', { file, entry }),
  noProject: (file: string) => words('files.projectFile.noProject', { file }),
  projectUnreadable: (file: string) => words('files.projectFile.projectUnreadable', { file }),
  pictureChecksum: (file: string, entry: string) => words('files.projectFile.pictureChecksum', { file, entry }),
} satisfies Record<string, Words | ((...args: never[]) => Words)>;

/** What the window says once a `.genstudio` file is opened (not a refusal: the file was taken). */
export const projectFileNote = {
  openedAsCopy: (name: string, copy: string) => words('files.projectFile.openedAsCopy', { name, copy }),
} satisfies Record<string, (...args: never[]) => Words>;

/** A result in the library, leaving it (saved as, copied, dragged out) or a file dropped on the app to be read. */
export const libraryRefusal = {
  gone: words('files.result.gone'),
  fileMissing: words('files.result.fileMissing'),
  pictureNoPoster: words('files.result.pictureNoPoster'),
  posterDetailsLost: words('files.result.posterDetailsLost'),
  alreadyTrashed: words('files.result.alreadyTrashed'),
  noDragOut: words('files.result.noDragOut'),
  videoNotCopied: words('files.result.videoNotCopied'),
  videoAsMp4: words('files.export.videoAsMp4'),
  pictureNotMp4: words('files.export.pictureNotMp4'),
  notConverted: words('files.export.notConverted'),
  /** a saved-as picture or a contact sheet: `file` is the name the artist chose */
  notWritten: (file: string) => words('files.export.notWritten', { file }),
  droppedEmpty: (file: string) => words('files.dropped.empty', { file }),
  droppedNotMp4: (file: string, kind: Exclude<Mp4Reading['kind'], 'mp4'>) =>
    kind === 'not-mp4'
      ? words('files.dropped.notMp4', { file })
      : kind === 'incomplete'
        ? words('files.dropped.incomplete', { file })
        : words('files.dropped.tooComplex', { file, max: MAX_BOXES }),
} satisfies Record<string, Words | ((...args: never[]) => Words)>;

/** A matrix or batch that is gone or cannot move that way; `what` names the kind of run. */
export const runRefusal = {
  gone: (what: string) => words('files.run.gone', { what: runKind(what) }),
  notPausable: (what: string) => words('files.run.notPausable', { what: runKind(what) }),
  notResumable: (what: string) => words('files.run.notResumable', { what: runKind(what) }),
  ended: (what: string) => words('files.run.ended', { what: runKind(what) }),
  sheetNotDrawn: words('files.sheet.notDrawn'),
} satisfies Record<string, Words | ((...args: never[]) => Words)>;
