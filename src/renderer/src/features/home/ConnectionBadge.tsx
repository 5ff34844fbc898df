import { useConnectionStore } from '../../store/connectionStore';
import { selectActiveConnection } from '../../store/selectors';

/** Which service the app talks to right now; a sandbox is labelled as such everywhere. */
export function ConnectionBadge() {
  const active = useConnectionStore(selectActiveConnection);
  const error = useConnectionStore((s) => s.error);
  const status = useConnectionStore((s) => s.status);

  if (error) {
    return (
      <div className="connection connection-error" role="status" aria-label="Active connection">
        Connection unknown: {error}
      </div>
    );
  }
  if (!active) {
    return (
      <div className="connection" role="status" aria-label="Active connection">
        Loading connection…
      </div>
    );
  }
  return (
    <div className={`connection connection-${active.kind}`} role="status" aria-label="Active connection" title={active.note}>
      <span className="connection-dot" aria-hidden="true" />
      <span className="connection-label">{active.label}</span>
      {active.kind === 'sandbox' ? (
        <span className="connection-detail">offline · placeholder outputs · simulated costs</span>
      ) : (
        <span className="connection-detail">
          {active.keyLabel ?? 'key'} ···{active.keyHint}
        </span>
      )}
      {status?.state === 'offline' && <span className="connection-offline">offline</span>}
    </div>
  );
}
