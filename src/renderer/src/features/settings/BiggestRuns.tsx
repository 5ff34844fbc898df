import type { SpendingRun } from '../../../../shared/ipc/contract';
import { useLibraryStore } from '../../store/libraryStore';
import { useNavigationStore } from '../../store/navigationStore';
import { Button } from '../../ui/Button';
import { creditsText } from '../queue/taskText';
import { ColumnHeads } from '../../ui/ColumnHeads';

const when = (at: number) => new Date(at).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The costliest runs of the last 30 days; one whose result is still in the gallery opens there. */
export function BiggestRuns({ runs }: { runs: readonly SpendingRun[] }) {
  if (runs.length === 0) return null;
  const open = (resultId: string) => {
    useLibraryStore.setState({ requestedOpen: resultId });
    useNavigationStore.getState().show('library');
  };
  return (
    <>
      <h3 id="spending-biggest">Biggest runs, last 30 days</h3>
      <table className="spending biggest-runs" aria-labelledby="spending-biggest">
        <ColumnHeads columns={['Model', 'Prompt', 'Credits', 'When', { hidden: 'Result' }]} />
        <tbody>
          {runs.map((r) => (
            <tr key={r.taskId}>
              <td>{r.modelTitle}</td>
              <td className="biggest-prompt">{r.prompt || <span className="muted">no prompt</span>}</td>
              <td>{creditsText(r.credits)}</td>
              <td>{when(r.at)}</td>
              <td>
                {r.resultId ? (
                  <Button variant="link" onClick={() => open(r.resultId!)} aria-label={`Open in gallery: ${r.modelTitle}, ${when(r.at)}`}>
                    Open in gallery
                  </Button>
                ) : (
                  <span className="muted small">not in the gallery</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
