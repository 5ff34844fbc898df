import { PICTURE_ACCEPT } from '../../../../shared/layers/layeredFiles';
import { Button } from '../../ui/Button';
import { FileButton } from '../../ui/FileButton';
import { useEffect, useState } from 'react';
import type { ProjectSummary } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { useLibraryStore } from '../../store/libraryStore';
import { useHelpStore } from './helpStore';
import { INTENTS } from '../../../../shared/studio/intents';
import { newEmptyProject, newProjectFromFile, newProjectFromResult, openIntent, openRecent } from './startActions';
import '../../ui/ui.css';
import '../../ui/dialog.css';
import './welcome.css';
import { Icon } from '../../ui/icons';

const RECENT = 8;

function useRecentProjects(): readonly ProjectSummary[] | null {
  const [projects, setProjects] = useState<readonly ProjectSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    void gen.projects.list().then((r) => live && setProjects(r.ok ? r.value.projects : []));
    const off = gen.projects.onChanged(({ projects: list }) => live && setProjects(list));
    return () => {
      live = false;
      off();
    };
  }, []);
  return projects;
}

function RecentProjects() {
  const projects = useRecentProjects();
  if (projects === null) return null;
  return (
    <section className="welcome-section" aria-labelledby="recent-title">
      <h2 id="recent-title">Recent projects</h2>
      {projects.length === 0 ? (
        <p className="muted">No projects yet. Start one below, or pick what you want to do above.</p>
      ) : (
        <ul className="recent-grid" aria-label="Recent projects">
          {projects.slice(0, RECENT).map((p) => (
            <li key={p.id}>
              <button type="button" className="recent-card" onClick={() => void openRecent(p.id)}>
                {/* Named by the words it shows (its name and date), after "Open": speech input finds it by what is seen. */}
                <span className="visually-hidden">Open </span>
                <span className="recent-thumb" aria-hidden="true">{p.thumbnailUrl ? <img src={p.thumbnailUrl} alt="" /> : <span className="muted">No picture</span>}</span>
                <span className="recent-name">{p.name}</span>
                <span className="muted small">{new Date(p.updatedAt).toLocaleString()}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ResultPicker({ onClose, onProblem }: { onClose: () => void; onProblem: (text: string) => void }) {
  const items = useLibraryStore((s) => s.items).filter((i) => i.mime.startsWith('image/'));
  return (
    <div className="dialog-backdrop">
      <div className="dialog result-picker" role="dialog" aria-modal="true" aria-label="Start from a library result">
        <h2 className="dialog-title">Start from a library result</h2>
        {items.length === 0 ? (
          <p className="muted">The library has no pictures yet.</p>
        ) : (
          <ul className="picker-grid" aria-label="Library pictures">
            {items.slice(0, 60).map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="picker-card"
                  aria-label={`Use ${item.fileName}`}
                  onClick={() => {
                    onClose();
                    void newProjectFromResult(item.id, typeof item.params.prompt === 'string' && item.params.prompt ? item.params.prompt : item.fileName).then((p) => p && onProblem(p));
                  }}
                >
                  {item.thumbnailUrl ? <img src={item.thumbnailUrl} alt="" /> : <span className="muted">{item.fileName}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="dialog-actions">
          <Button onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The first screen: what the artist wants to do, their recent projects, and new ones. */
export function HomeScreen() {
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="welcome">
      <header className="welcome-head">
        <div>
          <h1>Welcome to Gen Studio</h1>
          <p className="muted">Prepare your pictures here, generate, and keep the results you like.</p>
        </div>
        <Button onClick={() => useHelpStore.getState().show()}>
          Help: the service reference
        </Button>
      </header>

      <section className="welcome-section" aria-labelledby="intents-title">
        <h2 id="intents-title">What do you want to do?</h2>
        <ul className="intent-grid" aria-label="What to do">
          {INTENTS.map((intent) => (
            <li key={intent.id}>
              <button type="button" className="intent-card" onClick={() => openIntent(intent)} aria-describedby={`intent-${intent.id}`}>
                <span className="intent-glyph">
                  <Icon name={`intent.${intent.id}`} size={22} />
                </span>
                <span className="intent-label">{intent.label}</span>
                <span className="intent-description" id={`intent-${intent.id}`}>
                  {intent.description}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <RecentProjects />

      <section className="welcome-section" aria-labelledby="new-title">
        <h2 id="new-title">New project</h2>
        <div className="button-row">
          <Button onClick={() => void newEmptyProject()}>
            Empty
          </Button>
          <FileButton label="New project from a file" accept={PICTURE_ACCEPT} onFiles={(files) => files[0] && newProjectFromFile(files[0]).then(setProblem)}>
            From a file…
          </FileButton>
          <Button onClick={() => setPicking(true)}>
            From a library result…
          </Button>
        </div>
        {problem && (
          <p className="inline-error" role="alert">
            {problem}
          </p>
        )}
      </section>
      {picking && <ResultPicker onClose={() => setPicking(false)} onProblem={setProblem} />}
    </div>
  );
}
