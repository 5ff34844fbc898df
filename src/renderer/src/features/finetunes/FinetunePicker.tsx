import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { detailsText, useFinetuneStore } from './finetuneStore';
import { useText } from '../../ui/i18n/textStore';
import { say } from '../../../../shared/i18n/say';
import './finetunes.css';

/**
 * Beside a finetune name field: the key's finetunes to pick by name (a typed name still works), what the service
 * says of the one picked, and deleting it after a confirmation that names it.
 */
export function FinetunePicker(props: { readonly value: string; readonly onPick: (id: string | undefined) => void; readonly disabled?: boolean | undefined; readonly input: ReactNode }) {
  const { finetunes, loaded, loading, error, errorWords, load, remove } = useFinetuneStore();
  const [confirming, setConfirming] = useState<string | null>(null);
  const text = useText();
  const { t } = text;
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (!loaded) void load();
  }, [loaded, load]);
  const picked = finetunes.find((f) => f.id === props.value) ?? null;
  const about = picked ? detailsText(picked, text) : null;

  return (
    <div className="finetune-picker">
      <span className="field-row">
        <select
          aria-label={t('studio.finetune.yours')}
          value={picked ? picked.id : ''}
          disabled={props.disabled || finetunes.length === 0}
          onChange={(e) => {
            setSaid(null);
            props.onPick(e.target.value || undefined);
          }}
        >
          <option value="">{t(loading && !loaded ? 'studio.finetune.asking' : finetunes.length > 0 ? 'studio.finetune.pick' : 'studio.finetune.none')}</option>
          {finetunes.map((f) => (
            <option key={f.id} value={f.id} translate="no">
              {f.id}
            </option>
          ))}
        </select>
        <Button onClick={() => picked && setConfirming(picked.id)} disabled={props.disabled || !picked} aria-label={picked ? t('studio.finetune.deleteLabel', { name: picked.id }) : t('studio.finetune.deleteSome')}>
          {t('studio.finetune.delete')}
        </Button>
      </span>
      {props.input}
      {about && <span className="form-hint">{about}</span>}
      {error && (
        <span className="form-hint">{say(text, errorWords, error)}</span>
      )}
      {said && (
        <span className={said.ok ? 'form-hint' : 'form-error'} role="status">
          {said.text}
        </span>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('studio.finetune.confirmTitle', { name: confirming })}
          message={t('studio.finetune.confirmMessage', { name: confirming })}
          confirmLabel={t('studio.finetune.confirm', { name: confirming })}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const id = confirming;
            setConfirming(null);
            void remove(id).then((answer) => {
              const wasPicked = answer.ok && props.value === id;
              setSaid(wasPicked ? { ...answer, text: t('studio.finetune.deletedPicked', { name: id }) } : answer);
              if (wasPicked) props.onPick(undefined);
            });
          }}
        />
      )}
    </div>
  );
}
