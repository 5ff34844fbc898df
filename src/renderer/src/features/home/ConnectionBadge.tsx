import { useConnectionStore } from '../../store/connectionStore';
import { selectActiveConnection } from '../../store/selectors';
import { useText } from '../../ui/i18n/textStore';
import { say } from '../../../../shared/i18n/say';

/** Which service the app talks to right now; a sandbox is labelled as such everywhere. */
export function ConnectionBadge() {
  const text = useText();
  const { t } = text;
  const active = useConnectionStore(selectActiveConnection);
  const error = useConnectionStore((s) => s.error);
  const status = useConnectionStore((s) => s.status);

  if (error) {
    return (
      <div className="connection connection-error" role="status" aria-label={t('connection.active')}>
        {t('connection.unknown', { error })}
      </div>
    );
  }
  if (!active) {
    return (
      <div className="connection" role="status" aria-label={t('connection.active')}>
        {t('connection.loading')}
      </div>
    );
  }
  return (
    <div className={`connection connection-${active.kind}`} role="status" aria-label={t('connection.active')} title={say(text, active.noteWords, active.note)}>
      <span className="connection-dot" aria-hidden="true" />
      <span className="connection-label" translate="no">
        {active.label}
      </span>
      {active.kind === 'sandbox' ? (
        <span className="connection-detail">{t('connection.sandboxDetail')}</span>
      ) : (
        <span className="connection-detail">{t('connection.keyDetail', { key: active.keyLabel ?? t('connection.key'), hint: active.keyHint ?? '' })}</span>
      )}
      {status?.state === 'offline' && <span className="connection-offline">{t('connection.offline')}</span>}
    </div>
  );
}
