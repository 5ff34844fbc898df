import { Button } from '../../ui/Button';
import { useCanvasStore } from '../canvas/canvasStore';
import { useEditorStore } from './editorStore';
import { useText } from '../../ui/i18n/textStore';
import './editor.css';

/** What came back from the editor ("Back from Krita: version 3 · Undo"), or why nothing did. */
export function EditorNote() {
  const note = useEditorStore((s) => s.note);
  const text = useText();
  const { t } = text;
  if (!note) return null;
  const dismiss = () => useEditorStore.getState().set({ note: null });
  return (
    <div className={`editor-note ${note.kind}`} role={note.kind === 'error' ? 'alert' : 'status'} aria-label={t('editor.label')}>
      <span>{note.text(text)}</span>
      {note.undo && (
        <>
          <span aria-hidden="true">·</span>
          <Button
            variant="link"
            onClick={() => {
              useCanvasStore.getState().undo();
              dismiss();
            }}
          >
            {t('editor.note.undo')}
          </Button>
        </>
      )}
      <Button variant="link" onClick={dismiss} aria-label={t('editor.note.dismiss')}>
        {t('editor.note.dismiss')}
      </Button>
    </div>
  );
}
