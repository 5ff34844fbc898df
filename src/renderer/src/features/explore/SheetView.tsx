import { useCallback, useState } from 'react';
import type { MatrixPlan } from '../../../../shared/explore/matrix';
import type { MatrixCellInfo, MatrixInfo } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { CellView } from './CellView';
import { ContactSheet } from './ContactSheet';
import { useExploreStore } from './exploreStore';
import { SheetHeader, type MatrixAction } from './SheetHeader';
import { saying, toldSaying, type Note } from '../../ui/i18n/saying';

/** A note Explore shows above the sheet, said in the language on screen each time it shows. */
export type ExploreNote = Note;

/** A matrix sent: its sheet filling as results arrive, a cell opened large, and Pause, Resume, Cancel, Export. */
export function SheetView({ matrix, plan, onNote, onNew }: { matrix: MatrixInfo; plan: MatrixPlan; onNote: (note: ExploreNote) => void; onNew: () => void }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const openCell = useCallback((cell: MatrixCellInfo) => setOpenIndex(cell.index), []);
  const act = async (kind: MatrixAction) => {
    const result = await useExploreStore.getState().act(kind, matrix.id);
    if (!result.ok) onNote({ kind: 'error', text: toldSaying(result.error) });
  };
  const exportSheet = async () => {
    const result = await gen.explore.export({ id: matrix.id });
    if (!result.ok) onNote({ kind: 'error', text: toldSaying(result.error) });
    else if (result.value.saved) onNote({ kind: 'info', text: saying('explore.exported', { fileName: result.value.fileName ?? '' }) });
  };
  return (
    <>
      <SheetHeader matrix={matrix} onAct={(kind) => void act(kind)} onExport={() => void exportSheet()} onNew={onNew} />
      <ContactSheet plan={plan} cells={matrix.cells} status={matrix.status} onOpen={openCell} />
      {openIndex !== null && <CellView cells={matrix.cells} openIndex={openIndex} onIndex={setOpenIndex} onClose={() => setOpenIndex(null)} />}
    </>
  );
}
