import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { MatrixPlan } from '../../../shared/explore/matrix';
import type { MatrixInfo } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import type { DesktopShell, Logger } from '../deps';
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
    throw new IpcFailure('internal', 'The contact sheet could not be drawn; the details are in the log.');
  });
  await writeFile(target, png).catch(() => {
    throw new IpcFailure('internal', `Gen Studio could not write ${basename(target)}: check that the folder exists and may be written to.`);
  });
  return { saved: true, fileName: basename(target) };
}
