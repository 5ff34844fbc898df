import { useState } from 'react';
import { gen } from '../../../api';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { createProject, flush, openProject } from '../project/projectSync';
import { useProjectStore } from '../project/projectStore';
import { Button } from '../../../ui/Button';
import { openProjectFile, saveProjectToFile } from '../project/projectFiles';

const STATUS = { loading: 'Opening…', saved: 'Saved', unsaved: 'Unsaved changes', saving: 'Saving…', failed: 'Not saved' } as const;

export function ProjectsPanel() {
  // Long (over 80 lines) for its markup (about 60 of its lines): the save status and the project list, each project
  // with open, rename, duplicate and delete.
  const { projects, currentId, status, error } = useProjectStore();
  const current = projects.find((p) => p.id === currentId);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const rename = async (id: string, name: string) => {
    const r = await gen.projects.rename({ id, name });
    setProblem(r.ok ? null : r.error.message);
    if (r.ok) setRenaming(null);
  };
  const duplicate = async (id: string, name: string) => {
    await flush();
    const r = await gen.projects.duplicate({ id, name: `${name} copy` });
    setProblem(r.ok ? null : r.error.message);
  };
  const remove = async (id: string) => {
    setRemoving(null);
    const r = await gen.projects.remove({ id });
    if (!r.ok) return setProblem(r.error.message);
    if (id === currentId) {
      const next = useProjectStore.getState().projects.find((p) => p.id !== id);
      useProjectStore.getState().set({ currentId: null });
      if (next) await openProject(next.id);
      else await createProject('Untitled project');
    }
  };

  return (
    <section className="canvas-panel" aria-label="Projects">
      <h3>
        {current?.name ?? 'Project'}{' '}
        <span className={`save-status save-${status}`} role="status" aria-label="Save status">
          {STATUS[status]}
        </span>
      </h3>
      {error && <p className="inline-error" role="alert">{error}</p>}
      {problem && <p className="inline-error" role="alert">{problem}</p>}
      <div className="button-row">
        <Button onClick={() => void createProject(`Project ${projects.length + 1}`)}>
          New project
        </Button>
        <Button onClick={() => void openProjectFile()} title="Open a .genstudio project file">
          Open file…
        </Button>
        <Button disabled={!currentId} onClick={() => currentId && void saveProjectToFile(currentId)} title="Save this project, with its pictures, to one .genstudio file">
          Save to file…
        </Button>
      </div>
      <ul className="project-list" aria-label="Project list">
        {projects.map((p) => (
          <li key={p.id} className={p.id === currentId ? 'current' : ''} aria-label={p.name} aria-current={p.id === currentId ? 'true' : undefined}>
            {renaming === p.id ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  const name = new FormData(e.currentTarget).get('name');
                  void rename(p.id, typeof name === 'string' ? name : '');
                }}
              >
                <input name="name" className="field-input" defaultValue={p.name} aria-label={`New name for ${p.name}`} autoFocus maxLength={200} />
                <Button type="submit" >Rename</Button>
                <Button onClick={() => setRenaming(null)}>Cancel</Button>
              </form>
            ) : (
              <>
                <Button variant="link" onClick={() => void openProject(p.id)} aria-label={`Open ${p.name}`} disabled={p.id === currentId}>
                  {p.name}
                </Button>
                <span className="muted small">{new Date(p.updatedAt).toLocaleString()}</span>
                <span className="project-actions">
                  <Button onClick={() => setRenaming(p.id)} aria-label={`Rename ${p.name}`}>Rename</Button>
                  <Button onClick={() => void duplicate(p.id, p.name)} aria-label={`Duplicate ${p.name}`}>Duplicate</Button>
                  <Button variant="danger" onClick={() => setRemoving(p.id)} aria-label={`Delete ${p.name}`}>Delete</Button>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      {removing && (
        <ConfirmDialog
          title={`Delete ${projects.find((p) => p.id === removing)?.name ?? 'this project'}?`}
          message="Its canvas, mask and settings are removed. The pictures stay in the asset store and the library."
          confirmLabel="Delete"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
