import { useCallback, useEffect, useMemo, useState } from 'react';
import { planMatrix } from '../../../../shared/explore/matrix';
import { gen } from '../../api';
import { notSentText } from '../../store/sendTasks';
import { useProjectStore } from '../canvas/project/projectStore';
import { useExploreStore } from './exploreStore';
import { MatrixForm } from './MatrixForm';
import { SavedMatrices } from './SavedMatrices';
import { SheetView, type ExploreNote } from './SheetView';
import { useMatrixQuote } from './useMatrixQuote';
import { PlanView } from './PlanView';
import '../../ui/toolScreen.css';
import './explore.css';
import { Icon } from '../../ui/icons';
import { useText } from '../../ui/i18n/textStore';
import { say } from '../../../../shared/i18n/say';

/** The project matrices are saved with: the open one, else the one the studio opens next (the last opened). */
function useExploreProject(): { id: string | null; name: string | null } {
  const currentId = useProjectStore((s) => s.currentId);
  const projects = useProjectStore((s) => s.projects);
  const [last, setLast] = useState<{ id: string | null; name: string | null }>({ id: null, name: null });
  useEffect(() => {
    if (currentId) return;
    void gen.projects.list().then((r) => {
      if (r.ok) setLast({ id: r.value.lastOpenedId, name: r.value.projects.find((p) => p.id === r.value.lastOpenedId)?.name ?? null });
    });
  }, [currentId]);
  if (currentId) return { id: currentId, name: projects.find((p) => p.id === currentId)?.name ?? null };
  return last;
}

/**
 * Explore: one prompt with choices, across models, seeds and one varied value, as a contact sheet. The plan and
 * its price show before anything is sent; the matrices stay with the project, to be opened or run again.
 */
export function ExploreScreen() {
  const project = useExploreProject();
  const text = useText();
  const draft = useExploreStore((s) => s.draft);
  const setDraft = useExploreStore((s) => s.setDraft);
  const matrices = useExploreStore((s) => s.matrices);
  const shownId = useExploreStore((s) => s.shownId);
  const show = useExploreStore((s) => s.show);
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<ExploreNote | null>(null);

  useEffect(() => useExploreStore.getState().follow(), []);
  useEffect(() => void useExploreStore.getState().load(project.id), [project.id]);

  const planned = useMemo(() => (draft.prompt.trim() ? planMatrix(draft) : null), [draft]);
  const quote = useMatrixQuote(draft, planned);

  const shown = matrices.find((m) => m.id === shownId) ?? null;
  // Planned again only when the spec changes, not as each cell of a filling sheet moves on.
  const shownSpec = shown?.spec;
  const shownPlan = useMemo(() => (shownSpec ? planMatrix(shownSpec) : null), [shownSpec]);
  const onChange = useCallback((patch: Parameters<typeof setDraft>[0]) => {
    setNote(null);
    setDraft(patch);
  }, [setDraft]);

  const generate = async () => {
    setBusy(true);
    const result = await useExploreStore.getState().start(draft, project.id);
    setBusy(false);
    if (!result.ok) {
      const { error } = result;
      setNote({ kind: 'error', text: (said) => notSentText(error, said) });
    }
  };

  return (
    <div className="tool-page explore">
      <aside className="tool-side">
        <h1>{text.t('explore.title')}</h1>
        <p className="tool-lead">{project.name ? text.t('explore.leadSaved', { project: project.name }) : text.t('explore.lead')}</p>
        <MatrixForm
          key={formKey}
          draft={draft}
          problem={planned && !planned.ok ? say(text, planned.said, planned.problem) : null}
          summary={planned?.ok ? { rows: planned.plan.rows.length, columns: planned.plan.columns.length, cells: planned.plan.cells.length } : null}
          quote={quote}
          busy={busy}
          onChange={onChange}
          onGenerate={() => void generate()}
        />
        <SavedMatrices
          matrices={matrices}
          shownId={shownId}
          projectName={project.name}
          onShow={show}
          onRunAgain={(m) => (setDraft(m.spec), setFormKey((k) => k + 1), show(null))}
        />
      </aside>
      <section className="explore-main" aria-label={shown ? text.t('explore.main.sheet') : text.t('explore.main.plan')}>
        {note && (
          <p className={`explore-note${note.kind === 'error' ? ' error' : ''}`} role={note.kind === 'error' ? 'alert' : 'status'}>
            {note.text(text)}
            <button type="button" className="explore-note-close" aria-label={text.t('explore.note.dismiss')} onClick={() => setNote(null)}>
              <Icon name="action.close" />
            </button>
          </p>
        )}
        {shown && shownPlan?.ok ? (
          <SheetView matrix={shown} plan={shownPlan.plan} onNote={setNote} onNew={() => show(null)} />
        ) : (
          <PlanView plan={planned?.ok ? planned.plan : null} quote={quote} />
        )}
      </section>
    </div>
  );
}
