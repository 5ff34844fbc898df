import type { MatrixInfo } from '../../../../shared/ipc/contract';
import { Button } from '../../ui/Button';
import { statusText } from './sheetModel';

export type MatrixAction = 'pause' | 'resume' | 'cancel';

/** A running or finished matrix's name, progress and what can be done with it now. */
export function SheetHeader({ matrix, onAct, onExport, onNew }: { matrix: MatrixInfo; onAct: (kind: MatrixAction) => void; onExport: () => void; onNew: () => void }) {
  const live = matrix.status === 'running' || matrix.status === 'paused';
  return (
    <header className="explore-sheet-head">
      <div>
        <h2>{matrix.name}</h2>
        <p role="status" aria-label="Progress">
          {statusText(matrix)}
        </p>
      </div>
      <div className="explore-sheet-actions">
        {matrix.status === 'running' && <Button onClick={() => onAct('pause')}>Pause</Button>}
        {matrix.status === 'paused' && (
          <Button variant="primary" onClick={() => onAct('resume')}>
            Resume
          </Button>
        )}
        {live && (
          <Button variant="danger" onClick={() => onAct('cancel')}>
            Cancel the rest
          </Button>
        )}
        <Button onClick={onExport}>Export sheet…</Button>
        <Button variant="quiet" onClick={onNew}>
          New matrix
        </Button>
      </div>
    </header>
  );
}
