import { useEffect, useState } from 'react';
import type { UpdateStatus } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import type { AppText } from '../../../../shared/i18n/text';
import { useText } from '../../ui/i18n/textStore';
import { sayTold } from '../../../../shared/i18n/say';

/**
 * Where updates stand, in the artist's language: said here from the state main reports; a problem, which is main's
 * to describe, in the words main sent with it.
 */
function statusWords(status: UpdateStatus, text: AppText): string {
  const { t } = text;
  const version = status.version ?? '';
  switch (status.state) {
    case 'unavailable':
      return t('updates.unavailable');
    case 'off':
      return t('updates.off');
    case 'idle':
      return t(status.lastCheckAt === null ? 'updates.idleFirst' : 'updates.upToDate');
    case 'checking':
      return t('updates.checking');
    case 'available':
      return t('updates.available', { version });
    case 'downloading':
      return t('updates.downloading', { version });
    case 'ready':
      return t('updates.ready', { version });
    case 'waiting':
      return t('updates.waiting', { version });
    case 'error':
      return sayTold(text, status);
  }
}

/** Updates from the project's releases: off until the user turns them on; each download and restart is theirs to start. */
export function UpdatesSection() {
  const text = useText();
  const { t } = text;
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
      <h2 id="settings-updates">{t('updates.title')}</h2>
      <label className="settings-check">
        <input type="checkbox" checked={status.enabled} onChange={(e) => void run(() => gen.updates.setEnabled({ enabled: e.target.checked }))} />
        {t('updates.daily')}
      </label>
      <p className="field-hint" role="status" aria-label={t('updates.status')}>
        {[
          statusWords(status, text),
          status.state === 'downloading' && status.progress !== null ? t('updates.progress', { percent: status.progress / 100 }) : null,
          status.lastCheckAt !== null && status.state !== 'unavailable' ? t('updates.lastChecked', { when: text.dateTime(status.lastCheckAt) }) : null,
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
      <div className="button-row">
        {status.enabled && status.state !== 'unavailable' && (
          <button type="button" className="button" disabled={busy || status.state === 'ready' || status.state === 'waiting'} onClick={() => void run(() => gen.updates.check())}>
            {t('updates.checkNow')}
          </button>
        )}
        {status.state === 'available' && (
          <button type="button" className="button primary" onClick={() => void run(() => gen.updates.download())}>
            {t('updates.download', { version: status.version ?? '' })}
          </button>
        )}
        {status.state === 'ready' && (
          <button type="button" className="button primary" onClick={() => void run(() => gen.updates.install())}>
            {t('updates.install')}
          </button>
        )}
      </div>
      {problem && <p className="inline-error">{problem}</p>}
    </section>
  );
}
