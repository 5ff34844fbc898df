import { useState } from 'react';
import { gen } from '../../../api';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { createProject, flush, openProject } from '../project/projectSync';
import { useProjectStore } from '../project/projectStore';
import { Button } from '../../../ui/Button';
import { openProjectFile, saveProjectToFile } from '../project/projectFiles';
import { useText } from '../../../ui/i18n/textStore';
import type { MessageId } from '../../../../../shared/i18n/catalog';
import type { SaveStatus } from '../project/projectStore';
import { toldSaying, type Saying } from '../../../ui/i18n/saying';

const STATUS: Readonly<Record<SaveStatus, MessageId>> = {
  loading: 'canvas.project.opening',
  saved: 'canvas.project.saved',
  unsaved: 'canvas.project.unsaved',
  saving: 'canvas.project.saving',
  failed: 'canvas.project.notSaved',
};

export function ProjectsPanel() {
  // Long (over 80 lines) for its markup (about 60 of its lines): the save status and the project list, each project
  // with open, rename, duplicate and delete.
  const text = useText();
  const { t, dateTime } = text;
  const { projects, currentId, status, error } = useProjectStore();
  const current = projects.find((p) => p.id === currentId);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  // kept in an object: React would call a saying given to the setter as an update
  const [problem, setProblem] = useState<{ said: Saying } | null>(null);

  const rename = async (id: string, name: string) => {
    const r = await gen.projects.rename({ id, name });
    setProblem(r.ok ? null : { said: toldSaying(r.error) });
    if (r.ok) setRenaming(null);
  };
  const duplicate = async (id: string, name: string) => {
    await flush();
    const r = await gen.projects.duplicate({ id, name: t('canvas.project.copyName', { name }) });
    setProblem(r.ok ? null : { said: toldSaying(r.error) });
  };
  const removingName = projects.find((p) => p.id === removing)?.name;
  const remove = async (id: string) => {
    setRemoving(null);
    const r = await gen.projects.remove({ id });
    if (!r.ok) return setProblem({ said: toldSaying(r.error) });
    if (id === currentId) {
      const next = useProjectStore.getState().projects.find((p) => p.id !== id);
      useProjectStore.getState().set({ currentId: null });
      if (next) await openProject(next.id);
      else await createProject(t('canvas.project.untitled'));
    }
  };

  return (
    <section className="canvas-panel" data-panel="projects" aria-label={t('canvas.projects')}>
      <h3>
        {current ? <span translate="no">{current.name}</span> : t('canvas.project')}{' '}
        <span className={`save-status save-${status}`} role="status" aria-label={t('canvas.project.saveStatus')}>
          {t(STATUS[status])}
        </span>
      </h3>
      {error && <p className="inline-error" role="alert">{error(text)}</p>}
      {problem && <p className="inline-error" role="alert">{problem.said(text)}</p>}
      <div className="button-row">
        <Button onClick={() => void createProject(t('canvas.project.numbered', { number: projects.length + 1 }))}>
          {t('canvas.project.new')}
        </Button>
        <Button onClick={() => void openProjectFile()} title={t('canvas.project.openFileTitle')}>
          {t('canvas.project.openFile')}
        </Button>
        <Button disabled={!currentId} onClick={() => currentId && void saveProjectToFile(currentId)} title={t('canvas.project.saveFileTitle')}>
          {t('canvas.project.saveFile')}
        </Button>
      </div>
      <ul className="project-list" aria-label={t('canvas.project.list')}>
        {projects.map((p) => (
          <li key={p.id} className={p.id === currentId ? 'current' : ''} aria-labelledby={`project-name-${p.id}`} aria-current={p.id === currentId ? 'true' : undefined}>
            {renaming === p.id ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  const name = new FormData(e.currentTarget).get('name');
                  void rename(p.id, typeof name === 'string' ? name : '');
                }}
              >
                <input name="name" className="field-input" defaultValue={p.name} aria-label={t('canvas.project.newNameLabel', { name: p.name })} autoFocus maxLength={200} />
                <Button type="submit">{t('canvas.project.rename')}</Button>
                <Button onClick={() => setRenaming(null)}>{t('canvas.cancel')}</Button>
              </form>
            ) : (
              <>
                <Button variant="link" onClick={() => void openProject(p.id)} aria-label={t('canvas.project.openLabel', { name: p.name })} disabled={p.id === currentId}>
                  {/* Names the list item too: the project's name is the artist's, never a message. */}
                  <span id={`project-name-${p.id}`} translate="no">
                    {p.name}
                  </span>
                </Button>
                <span className="muted small">{dateTime(p.updatedAt)}</span>
                <span className="project-actions">
                  <Button onClick={() => setRenaming(p.id)} aria-label={t('canvas.project.renameLabel', { name: p.name })}>
                    {t('canvas.project.rename')}
                  </Button>
                  <Button onClick={() => void duplicate(p.id, p.name)} aria-label={t('canvas.project.duplicateLabel', { name: p.name })}>
                    {t('canvas.project.duplicate')}
                  </Button>
                  <Button variant="danger" onClick={() => setRemoving(p.id)} aria-label={t('canvas.project.deleteLabel', { name: p.name })}>
                    {t('canvas.project.delete')}
                  </Button>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      {removing && (
        <ConfirmDialog
          title={removingName === undefined ? t('canvas.project.deleteThisTitle') : t('canvas.project.deleteTitle', { name: removingName })}
          message={t('canvas.project.deleteMessage')}
          confirmLabel={t('canvas.project.delete')}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
