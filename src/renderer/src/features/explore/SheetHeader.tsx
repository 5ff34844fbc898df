import type { MatrixInfo } from '../../../../shared/ipc/contract';
import { Button } from '../../ui/Button';
import { statusText } from './sheetModel';
import { useText } from '../../ui/i18n/textStore';

export type MatrixAction = 'pause' | 'resume' | 'cancel';

/** A running or finished matrix's name, progress and what can be done with it now. */
export function SheetHeader({ matrix, onAct, onExport, onNew }: { matrix: MatrixInfo; onAct: (kind: MatrixAction) => void; onExport: () => void; onNew: () => void }) {
  const text = useText();
  const live = matrix.status === 'running' || matrix.status === 'paused';
  return (
    <header className="explore-sheet-head">
      <div>
        <h2 translate="no">{matrix.name}</h2>
        <p role="status" aria-label={text.t('explore.progress')}>
          {statusText(matrix, text)}
        </p>
      </div>
      <div className="explore-sheet-actions">
        {matrix.status === 'running' && <Button onClick={() => onAct('pause')}>{text.t('runs.pause')}</Button>}
        {matrix.status === 'paused' && (
          <Button variant="primary" onClick={() => onAct('resume')}>
            {text.t('runs.resume')}
          </Button>
        )}
        {live && (
          <Button variant="danger" onClick={() => onAct('cancel')}>
            {text.t('runs.cancelRest')}
          </Button>
        )}
        <Button onClick={onExport}>{text.t('explore.export')}</Button>
        <Button variant="quiet" onClick={onNew}>
          {text.t('explore.newMatrix')}
        </Button>
      </div>
    </header>
  );
}
