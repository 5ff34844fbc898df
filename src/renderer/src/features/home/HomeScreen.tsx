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
import { INTENT_WORDS } from '../../text/intentWords';
import { useText } from '../../ui/i18n/textStore';
import type { Saying } from '../../ui/i18n/saying';
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
  const text = useText();
  const { t } = text;
  const projects = useRecentProjects();
  if (projects === null) return null;
  return (
    <section className="welcome-section" aria-labelledby="recent-title">
      <h2 id="recent-title">{t('start.recent')}</h2>
      {projects.length === 0 ? (
        <p className="muted">{t('start.noProjects')}</p>
      ) : (
        <ul className="recent-grid" aria-label={t('start.recent')}>
          {projects.slice(0, RECENT).map((p) => (
            <li key={p.id}>
              <button type="button" className="recent-card" onClick={() => void openRecent(p.id)}>
                {/* Named by the words it shows (its name and date), after "Open": speech input finds it by what is seen. */}
                <span className="visually-hidden">{t('start.openPrefix')} </span>
                <span className="recent-thumb" aria-hidden="true">{p.thumbnailUrl ? <img src={p.thumbnailUrl} alt="" /> : <span className="muted">{t('start.noPicture')}</span>}</span>
                <span className="recent-name" translate="no">
                  {p.name}
                </span>
                <span className="muted small">{text.dateTime(p.updatedAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ResultPicker({ onClose, onProblem }: { onClose: () => void; onProblem: (problem: { readonly said: Saying }) => void }) {
  const { t } = useText();
  const items = useLibraryStore((s) => s.items).filter((i) => i.mime.startsWith('image/'));
  return (
    <div className="dialog-backdrop">
      <div className="dialog result-picker" role="dialog" aria-modal="true" aria-label={t('start.fromResult.title')}>
        <h2 className="dialog-title">{t('start.fromResult.title')}</h2>
        {items.length === 0 ? (
          <p className="muted">{t('start.fromResult.empty')}</p>
        ) : (
          <ul className="picker-grid" aria-label={t('start.fromResult.pictures')}>
            {items.slice(0, 60).map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="picker-card"
                  aria-label={t('start.fromResult.use', { name: item.fileName })}
                  onClick={() => {
                    onClose();
                    void newProjectFromResult(item.id, typeof item.params.prompt === 'string' && item.params.prompt ? item.params.prompt : item.fileName).then((p) => p && onProblem({ said: p }));
                  }}
                >
                  {item.thumbnailUrl ? <img src={item.thumbnailUrl} alt="" /> : <span className="muted" translate="no">{item.fileName}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="dialog-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </div>
      </div>
    </div>
  );
}

/** The first screen: what the artist wants to do, their recent projects, and new ones. */
export function HomeScreen() {
  const text = useText();
  const { t } = text;
  const [picking, setPicking] = useState(false);
  // Held in an object: a function handed to a state setter would be called as an updater.
  const [problem, setProblem] = useState<{ readonly said: Saying } | null>(null);
  return (
    <div className="welcome">
      <header className="welcome-head">
        <div>
          <h1>{t('start.welcome')}</h1>
          <p className="muted">{t('start.lead')}</p>
        </div>
        <Button onClick={() => useHelpStore.getState().show()}>{t('start.help')}</Button>
      </header>

      <section className="welcome-section" aria-labelledby="intents-title">
        <h2 id="intents-title">{t('start.intents')}</h2>
        <ul className="intent-grid" aria-label={t('start.intentsList')}>
          {INTENTS.map((intent) => (
            <li key={intent.id}>
              <button type="button" className="intent-card" onClick={() => openIntent(intent)} aria-describedby={`intent-${intent.id}`}>
                <span className="intent-glyph">
                  <Icon name={`intent.${intent.id}`} size={22} />
                </span>
                <span className="intent-label">{t(INTENT_WORDS[intent.id].label)}</span>
                <span className="intent-description" id={`intent-${intent.id}`}>
                  {t(INTENT_WORDS[intent.id].description)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <RecentProjects />

      <section className="welcome-section" aria-labelledby="new-title">
        <h2 id="new-title">{t('start.new')}</h2>
        <div className="button-row">
          <Button onClick={() => void newEmptyProject()}>{t('start.new.empty')}</Button>
          <FileButton label={t('start.new.fromFileLabel')} accept={PICTURE_ACCEPT} onFiles={(files) => files[0] && newProjectFromFile(files[0]).then((p) => setProblem(p && { said: p }))}>
            {t('start.new.fromFile')}
          </FileButton>
          <Button onClick={() => setPicking(true)}>{t('start.new.fromResult')}</Button>
        </div>
        {problem && (
          <p className="inline-error" role="alert">
            {problem.said(text)}
          </p>
        )}
      </section>
      {picking && <ResultPicker onClose={() => setPicking(false)} onProblem={setProblem} />}
    </div>
  );
}
