/**
 * In-app drags carry what they hold as data of these types (never a file): a result by its id, a reference of
 * the board by its place. The timeline, the canvas and the board read them; leaving the window is the native
 * drag main starts with the file (see the gallery's drag-out).
 */
export const RESULT_DRAG_TYPE = 'application/x-gen-result';
export const REFERENCE_DRAG_TYPE = 'application/x-gen-reference';

export function setResultDrag(transfer: DataTransfer, resultId: string): void {
  transfer.setData(RESULT_DRAG_TYPE, resultId);
  transfer.effectAllowed = 'copy';
}
