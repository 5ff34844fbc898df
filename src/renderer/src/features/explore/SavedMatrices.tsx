import type { MatrixInfo } from '../../../../shared/ipc/contract';
import { Button } from '../../ui/Button';
import { statusText } from './sheetModel';

/** The project's matrices: open one's sheet, or put its settings back in the form to run it again. */
export function SavedMatrices({ matrices, shownId, projectName, onShow, onRunAgain }: {
  matrices: readonly MatrixInfo[];
  shownId: string | null;
  projectName: string | null;
  onShow: (id: string) => void;
  onRunAgain: (m: MatrixInfo) => void;
}) {
  if (matrices.length === 0) return null;
  return (
    <section className="explore-saved" aria-label="Saved matrices">
      <h2>Matrices{projectName ? ` in “${projectName}”` : ''}</h2>
      <ul>
        {matrices.map((m) => (
          <li key={m.id} className={m.id === shownId ? 'current' : undefined}>
            <button type="button" className="explore-saved-open" aria-current={m.id === shownId ? 'true' : undefined} onClick={() => onShow(m.id)}>
              <span className="explore-saved-name">{m.name}</span>
              <span className="explore-saved-meta">
                {new Date(m.createdAt).toLocaleString()} · {statusText(m)}
              </span>
            </button>
            <Button size="sm" variant="quiet" onClick={() => onRunAgain(m)}>
              {/* Named by its shown words first (speech input), then which matrix. */}
              Run again<span className="visually-hidden">: “{m.name}”</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
