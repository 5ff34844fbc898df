import { useEffect } from 'react';
import { useConnectionStore } from '../../store/connectionStore';
import { selectActiveConnection } from '../../store/selectors';

/** Which service the app talks to right now; a sandbox is labelled as such everywhere. */
export function ConnectionBadge() {
  const active = useConnectionStore(selectActiveConnection);
  const error = useConnectionStore((s) => s.error);
  const load = useConnectionStore((s) => s.load);
  const follow = useConnectionStore((s) => s.follow);

  useEffect(() => {
    void load();
    return follow();
  }, [load, follow]);

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
    </div>
  );
}
