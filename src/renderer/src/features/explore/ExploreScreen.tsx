import { useCallback, useEffect, useMemo, useState } from 'react';
import { planMatrix, type MatrixSpec } from '../../../../shared/explore/matrix';
import type { MatrixCellInfo, MatrixInfo, MatrixQuote } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { Button } from '../../ui/Button';
import { useProjectStore } from '../canvas/project/projectStore';
import { CellView } from './CellView';
import { ContactSheet } from './ContactSheet';
import { useExploreStore } from './exploreStore';
import { MatrixForm } from './MatrixForm';
import { statusText } from './sheetModel';
import './explore.css';

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
  const draft = useExploreStore((s) => s.draft);
  const setDraft = useExploreStore((s) => s.setDraft);
  const matrices = useExploreStore((s) => s.matrices);
  const shownId = useExploreStore((s) => s.shownId);
  const show = useExploreStore((s) => s.show);
  const [quoted, setQuoted] = useState<{ spec: MatrixSpec; quote: MatrixQuote } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  useEffect(() => useExploreStore.getState().follow(), []);
  useEffect(() => void useExploreStore.getState().load(project.id), [project.id]);

  const planned = useMemo(() => (draft.prompt.trim() ? planMatrix(draft) : null), [draft]);
  // What was spent moves the prices and the caps' room: the plan is priced again when it changes.
  const [spendingSeen, setSpendingSeen] = useState(0);
  useEffect(() => gen.spending.onChanged(() => setSpendingSeen((n) => n + 1)), []);
  useEffect(() => {
    if (!planned?.ok) return;
    let live = true;
    void gen.explore.quote({ spec: draft }).then((r) => live && r.ok && setQuoted({ spec: draft, quote: r.value }));
    return () => {
      live = false;
    };
  }, [planned, draft, spendingSeen]);
  // A quote is shown only for the plan it priced: while a new one is asked, none is.
  const quote = quoted?.spec === draft ? quoted.quote : null;

  const shown = matrices.find((m) => m.id === shownId) ?? null;
  const shownPlan = useMemo(() => {
    const spec = matrices.find((m) => m.id === shownId)?.spec;
    return spec ? planMatrix(spec) : null;
  }, [matrices, shownId]);
  const onChange = useCallback((patch: Parameters<typeof setDraft>[0]) => {
    setNote(null);
    setDraft(patch);
  }, [setDraft]);

  const generate = async () => {
    setBusy(true);
    const result = await useExploreStore.getState().start(draft, project.id);
    setBusy(false);
    if (!result.ok) setNote({ kind: 'error', text: result.error.message });
  };
  const act = async (kind: 'pause' | 'resume' | 'cancel', m: MatrixInfo) => {
    const result = await useExploreStore.getState().act(kind, m.id);
    if (!result.ok) setNote({ kind: 'error', text: result.error.message });
  };
  const exportSheet = async (m: MatrixInfo) => {
    const result = await gen.explore.export({ id: m.id });
    if (!result.ok) setNote({ kind: 'error', text: result.error.message });
    else if (result.value.saved) setNote({ kind: 'info', text: `Saved the sheet as ${result.value.fileName}.` });
  };
  const openCell = useCallback((cell: MatrixCellInfo) => setOpenIndex(cell.index), []);

  const previewCells = useMemo<MatrixCellInfo[]>(
    () =>
      planned?.ok
        ? planned.plan.cells.map((c) => ({ index: c.index, state: 'unsent', taskId: null, estimate: quote?.prices[c.index] ?? null, cost: null, seconds: null, resultId: null, thumbUrl: null, problem: null }))
        : [],
    [planned, quote],
  );

  return (
    <div className="explore">
      <aside className="explore-side">
        <h1>Explore</h1>
        <p className="explore-lead">One prompt with choices, across models and seeds, side by side.{project.name ? ` Saved with “${project.name}”.` : ''}</p>
        <MatrixForm
          key={formKey}
          draft={draft}
          problem={planned && !planned.ok ? planned.problem : null}
          summary={planned?.ok ? { rows: planned.plan.rows.length, columns: planned.plan.columns.length, cells: planned.plan.cells.length } : null}
          quote={quote}
          busy={busy}
          onChange={onChange}
          onGenerate={() => void generate()}
        />
        {matrices.length > 0 && (
          <section className="explore-saved" aria-label="Saved matrices">
            <h2>Matrices{project.name ? ` in “${project.name}”` : ''}</h2>
            <ul>
              {matrices.map((m) => (
                <li key={m.id} className={m.id === shownId ? 'current' : undefined}>
                  <button type="button" className="explore-saved-open" aria-current={m.id === shownId ? 'true' : undefined} onClick={() => show(m.id)}>
                    <span className="explore-saved-name">{m.name}</span>
                    <span className="explore-saved-meta">
                      {new Date(m.createdAt).toLocaleString()} · {statusText(m)}
                    </span>
                  </button>
                  <Button size="sm" variant="quiet" onClick={() => (setDraft(m.spec), setFormKey((k) => k + 1), show(null))} aria-label={`Run “${m.name}” again`}>
                    Run again
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </aside>
      <section className="explore-main" aria-label={shown ? 'Sheet' : 'Plan'}>
        {note && (
          <p className={`explore-note${note.kind === 'error' ? ' error' : ''}`} role={note.kind === 'error' ? 'alert' : 'status'}>
            {note.text}
            <button type="button" className="explore-note-close" aria-label="Dismiss" onClick={() => setNote(null)}>
              ×
            </button>
          </p>
        )}
        {shown && shownPlan?.ok ? (
          <>
            <header className="explore-sheet-head">
              <div>
                <h2>{shown.name}</h2>
                <p role="status" aria-label="Progress">
                  {statusText(shown)}
                </p>
              </div>
              <div className="explore-sheet-actions">
                {shown.status === 'running' && <Button onClick={() => void act('pause', shown)}>Pause</Button>}
                {shown.status === 'paused' && (
                  <Button variant="primary" onClick={() => void act('resume', shown)}>
                    Resume
                  </Button>
                )}
                {(shown.status === 'running' || shown.status === 'paused') && (
                  <Button variant="danger" onClick={() => void act('cancel', shown)}>
                    Cancel the rest
                  </Button>
                )}
                <Button onClick={() => void exportSheet(shown)}>Export sheet…</Button>
                <Button variant="quiet" onClick={() => show(null)}>
                  New matrix
                </Button>
              </div>
            </header>
            <ContactSheet plan={shownPlan.plan} cells={shown.cells} status={shown.status} onOpen={openCell} />
            {openIndex !== null && <CellView cells={shown.cells} openIndex={openIndex} onIndex={setOpenIndex} onClose={() => setOpenIndex(null)} />}
          </>
        ) : planned?.ok ? (
          <>
            <header className="explore-sheet-head">
              <div>
                <h2>Plan</h2>
                <p>Each cell shows what it is expected to cost. Nothing is sent until you press Generate.</p>
              </div>
            </header>
            <ContactSheet plan={planned.plan} cells={previewCells} status="running" planned />
          </>
        ) : (
          <div className="explore-empty">
            <h2>Write a prompt with choices</h2>
            <p>
              For example <q>a {'{red|blue|golden}'} fox in {'{snow|fog}'}</q> makes six rows. Pick models and seeds for the columns, and
              optionally one value to vary, such as guidance from 2 to 5.
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
