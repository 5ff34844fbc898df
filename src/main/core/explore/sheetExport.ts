import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { MatrixPlan } from '../../../shared/explore/matrix';
import type { MatrixInfo } from '../../../shared/ipc/contract';
import type { DesktopShell, Logger } from '../deps';
import { libraryRefusal, runRefusal } from '../i18n/fileRefusals';
import { refusedWith } from '../i18n/refusal';
import type { Library } from '../library/library';
import { renderContactSheet } from './contactSheet';

export interface SheetExportDeps {
  readonly library: Pick<Library, 'pathsOf'>;
  readonly desktop: Pick<DesktopShell, 'chooseSavePath'>;
  readonly log: Logger;
}

/** A file name from the matrix's name: letters, digits, spaces, `_` and `-` only, never empty. */
const sheetName = (name: string) => `${name.replace(/[^\p{L}\p{N} _-]+/gu, ' ').trim().replace(/\s+/g, '-').slice(0, 60) || 'matrix'}-sheet.png`;

/**
 * The matrix's contact sheet, drawn from its cells' result files and saved where the artist chooses in main's own
 * dialog. A cell whose file is gone is drawn empty; what cannot be drawn or written is said in words.
 */
export async function exportContactSheet(matrix: { info: MatrixInfo; plan: MatrixPlan }, d: SheetExportDeps): Promise<{ saved: boolean; fileName: string | null }> {
  const target = await d.desktop.chooseSavePath({ defaultName: sheetName(matrix.info.name), format: 'png' });
  if (!target) return { saved: false, fileName: null };
  const fileOf = (resultId: string) => {
    try {
      return d.library.pathsOf(resultId).file;
    } catch {
      return null;
    }
  };
  const png = await renderContactSheet(matrix.info, matrix.plan, fileOf).catch((error: unknown) => {
    d.log.warn('the contact sheet could not be drawn', { error: String(error) });
    throw refusedWith('internal', runRefusal.sheetNotDrawn);
  });
  await writeFile(target, png).catch(() => {
    throw refusedWith('internal', libraryRefusal.notWritten(basename(target)));
  });
  return { saved: true, fileName: basename(target) };
}
