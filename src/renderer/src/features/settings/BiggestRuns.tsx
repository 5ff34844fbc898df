import type { SpendingRun } from '../../../../shared/ipc/contract';
import { useLibraryStore } from '../../store/libraryStore';
import { useNavigationStore } from '../../store/navigationStore';
import { Button } from '../../ui/Button';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { useText } from '../../ui/i18n/textStore';

/** The costliest runs of the last 30 days; one whose result is still in the gallery opens there. */
export function BiggestRuns({ runs }: { runs: readonly SpendingRun[] }) {
  const text = useText();
  const { t } = text;
  if (runs.length === 0) return null;
  const open = (resultId: string) => {
    useLibraryStore.setState({ requestedOpen: resultId });
    useNavigationStore.getState().show('library');
  };
  return (
    <>
      <h3 id="spending-biggest">{t('spending.biggest')}</h3>
      <table className="spending biggest-runs" aria-labelledby="spending-biggest">
        <ColumnHeads columns={[t('spending.model'), t('spending.prompt'), t('spending.credits'), t('spending.when'), { hidden: t('task.result') }]} />
        <tbody>
          {runs.map((r) => (
            <tr key={r.taskId}>
              <td translate="no">{r.modelTitle}</td>
              <td className="biggest-prompt">{r.prompt ? <span translate="no">{r.prompt}</span> : <span className="muted">{t('spending.noPrompt')}</span>}</td>
              <td>{text.credits(r.credits)}</td>
              <td>{text.dateTime(r.at)}</td>
              <td>
                {r.resultId ? (
                  <Button variant="link" onClick={() => open(r.resultId!)} aria-label={t('spending.openRun', { model: r.modelTitle, when: text.dateTime(r.at) })}>
                    {t('spending.openInGallery')}
                  </Button>
                ) : (
                  <span className="muted small">{t('spending.notInGallery')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
