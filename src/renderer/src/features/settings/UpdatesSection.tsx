import { useEffect, useState } from 'react';
import type { UpdateStatus } from '../../../../shared/ipc/contract';
import { gen } from '../../api';

/** Updates from the project's releases: off until the user turns them on; each download and restart is theirs to start. */
export function UpdatesSection() {
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const off = gen.updates.onChanged(setStatus);
    void gen.updates.status().then((r) => r.ok && setStatus(r.value));
    return off;
  }, []);
  if (!status) return null;
  const run = async (call: () => Promise<{ ok: true; value: UpdateStatus } | { ok: false; error: { message: string } }>) => {
    const r = await call();
    if (r.ok) setStatus(r.value);
    setProblem(r.ok ? null : r.error.message);
  };
  const busy = ['checking', 'downloading'].includes(status.state);
  return (
    <section className="settings-section" aria-labelledby="settings-updates">
      <h2 id="settings-updates">Updates</h2>
      <label className="settings-check">
        <input type="checkbox" checked={status.enabled} onChange={(e) => void run(() => gen.updates.setEnabled({ enabled: e.target.checked }))} />
        Check for new versions once a day
      </label>
      <p className="field-hint" role="status" aria-label="Update status">
        {status.message}
        {status.state === 'downloading' && status.progress !== null ? ` ${status.progress}%` : ''}
        {status.lastCheckAt !== null && status.state !== 'unavailable' ? ` Last checked ${new Date(status.lastCheckAt).toLocaleString()}.` : ''}
      </p>
      <div className="button-row">
        {status.enabled && status.state !== 'unavailable' && (
          <button type="button" className="button" disabled={busy || status.state === 'ready' || status.state === 'waiting'} onClick={() => void run(() => gen.updates.check())}>
            Check now
          </button>
        )}
        {status.state === 'available' && (
          <button type="button" className="button primary" onClick={() => void run(() => gen.updates.download())}>
            Download version {status.version}
          </button>
        )}
        {status.state === 'ready' && (
          <button type="button" className="button primary" onClick={() => void run(() => gen.updates.install())}>
            Restart and install
          </button>
        )}
      </div>
      {problem && <p className="inline-error">{problem}</p>}
    </section>
  );
}
