import type { MatrixInfo } from '../../../../shared/ipc/contract';
import { Button } from '../../ui/Button';
import { statusText } from './sheetModel';
import { useText } from '../../ui/i18n/textStore';

/** The project's matrices: open one's sheet, or put its settings back in the form to run it again. */
export function SavedMatrices({ matrices, shownId, projectName, onShow, onRunAgain }: {
  matrices: readonly MatrixInfo[];
  shownId: string | null;
  projectName: string | null;
  onShow: (id: string) => void;
  onRunAgain: (m: MatrixInfo) => void;
}) {
  const text = useText();
  if (matrices.length === 0) return null;
  return (
    <section className="explore-saved" aria-label={text.t('explore.saved.label')}>
      <h2>{projectName ? text.t('explore.saved.titleIn', { project: projectName }) : text.t('explore.saved.title')}</h2>
      <ul>
        {matrices.map((m) => (
          <li key={m.id} className={m.id === shownId ? 'current' : undefined}>
            <button type="button" className="explore-saved-open" aria-current={m.id === shownId ? 'true' : undefined} onClick={() => onShow(m.id)}>
              <span className="explore-saved-name" translate="no">{m.name}</span>
              <span className="explore-saved-meta">
                {[text.dateTime(m.createdAt), statusText(m, text)].join(' · ')}
              </span>
            </button>
            {/* Named by its shown words first (speech input), then which matrix. */}
            <Button size="sm" variant="quiet" aria-label={text.t('explore.saved.runAgainNamed', { name: m.name })} onClick={() => onRunAgain(m)}>
              {text.t('explore.saved.runAgain')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
