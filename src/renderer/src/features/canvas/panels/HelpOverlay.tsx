import { useCanvasStore } from '../canvasStore';
import { SHORTCUTS } from '../shortcuts';
import { Button } from '../../../ui/Button';
import { useText } from '../../../ui/i18n/textStore';

export function HelpOverlay() {
  const { t } = useText();
  const close = () => useCanvasStore.getState().toggleHelp(false);
  return (
    <div className="dialog-backdrop" onClick={close}>
      <div className="dialog help-overlay" role="dialog" aria-modal="true" aria-label={t('canvas.shortcuts')} onClick={(e) => e.stopPropagation()}>
        <h2>{t('canvas.shortcuts')}</h2>
        <table>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.does}>
                <th scope="row">
                  {/* A letter key is the letter on the keyboard in every language; named keys are words of the catalog. */}
                  {typeof s.keys === 'string' ? <kbd translate="no">{s.keys}</kbd> : <kbd>{t(s.keys.words)}</kbd>}
                </th>
                <td>{t(s.does)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Button onClick={close} autoFocus>
          {t('canvas.shortcuts.close')}
        </Button>
      </div>
    </div>
  );
}
