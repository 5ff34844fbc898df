import { Button } from '../../../ui/Button';
import { useText } from '../../../ui/i18n/textStore';
import { useCanvasStore } from '../canvasStore';

/** What the canvas says of the last action (a refusal, a note), in the language on screen: a switch says it again. */
export function CanvasMessage() {
  const text = useText();
  const { t } = text;
  const message = useCanvasStore((s) => s.message);
  if (!message) return null;
  return (
    <div className={`canvas-message ${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      <span>{message.text(text)}</span>
      <Button variant="link" onClick={() => useCanvasStore.getState().say(null)} aria-label={t('canvas.message.dismissLabel')}>
        {t('canvas.message.dismiss')}
      </Button>
    </div>
  );
}
