import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/icons';
import { useNavigationStore } from '../../store/navigationStore';
import { useCanvasStore } from '../canvas/canvasStore';
import { editIn, stopEditing } from './editorActions';
import { editorNameOf, sessionEditorName, useEditorStore } from './editorStore';
import { useText } from '../../ui/i18n/textStore';
import './editor.css';

/**
 * "Edit in…" in the studio's toolbar: the editor chosen in Settings first, the others found installed, the
 * system's default app, and a way to choose another. While a round trip runs, "Stop editing in Krita".
 */
export function EditInMenu() {
  const { t } = useText();
  const hasBase = useCanvasStore((s) => s.document.base !== null);
  const session = useEditorStore((s) => s.session);
  const choice = useEditorStore((s) => s.choice);
  const found = useEditorStore((s) => s.found);
  const systemDefault = useEditorStore((s) => s.systemDefault);
  const [open, setOpen] = useState(false);
  if (session) {
    return (
      <Button className="edit-in-stop" onClick={() => void stopEditing()} title={t('editor.menu.stopHint', { fileName: session.fileName })}>
        {t('editor.menu.stop', { ...sessionEditorName(session) })}
      </Button>
    );
  }
  const chosen = editorNameOf(choice, systemDefault);
  const others = found.filter((f) => !(choice?.kind === 'app' && choice.path === f.path));
  const run = (work: () => Promise<void>) => {
    setOpen(false);
    void work();
  };
  return (
    <div className="edit-in">
      <Button aria-haspopup="menu" aria-expanded={open} disabled={!hasBase} title={hasBase ? undefined : t('editor.menu.needPicture')} onClick={() => setOpen(!open)}>
        <Icon name="action.editIn" /> {t('editor.menu.button')}
      </Button>
      {open && (
        <>
          <div className="edit-in-backdrop" onClick={() => setOpen(false)} />
          <ul className="edit-in-menu" role="menu" aria-label={t('editor.label')} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
            <li role="none">
              <button type="button" role="menuitem" autoFocus onClick={() => run(() => editIn())}>
                {t('editor.menu.editIn', { ...chosen })}
              </button>
            </li>
            {others.map((f) => (
              <li role="none" key={f.path}>
                <button type="button" role="menuitem" onClick={() => run(() => editIn({ kind: 'app', name: f.name, path: f.path }))}>
                  {t('editor.menu.editIn', { named: 'yes', editor: f.name })}
                </button>
              </li>
            ))}
            {choice?.kind === 'app' && (
              <li role="none">
                <button type="button" role="menuitem" onClick={() => run(() => editIn({ kind: 'system' }))}>
                  {t('editor.menu.editIn', { ...editorNameOf({ kind: 'system' }, systemDefault) })}
                </button>
              </li>
            )}
            <li role="none" className="edit-in-sep">
              <button type="button" role="menuitem" onClick={() => run(async () => useNavigationStore.getState().show('settings'))}>
                {t('editor.menu.settings')}
              </button>
            </li>
          </ul>
        </>
      )}
    </div>
  );
}
