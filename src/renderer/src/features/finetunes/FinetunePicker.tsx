import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { detailsText, useFinetuneStore } from './finetuneStore';
import './finetunes.css';

/**
 * Beside a finetune name field: the key's finetunes to pick by name (a typed name still works), what the service
 * says of the one picked, and deleting it after a confirmation that names it.
 */
export function FinetunePicker(props: { readonly value: string; readonly onPick: (id: string | undefined) => void; readonly disabled?: boolean | undefined; readonly input: ReactNode }) {
  const { finetunes, loaded, loading, error, load, remove } = useFinetuneStore();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (!loaded) void load();
  }, [loaded, load]);
  const picked = finetunes.find((f) => f.id === props.value) ?? null;
  const about = picked ? detailsText(picked) : null;

  return (
    <div className="finetune-picker">
      <span className="field-row">
        <select
          aria-label="Your finetunes"
          value={picked ? picked.id : ''}
          disabled={props.disabled || finetunes.length === 0}
          onChange={(e) => {
            setSaid(null);
            props.onPick(e.target.value || undefined);
          }}
        >
          <option value="">{loading && !loaded ? 'Asking for your finetunes…' : finetunes.length > 0 ? 'Pick one of your finetunes…' : 'No finetunes listed'}</option>
          {finetunes.map((f) => (
            <option key={f.id} value={f.id}>
              {f.id}
            </option>
          ))}
        </select>
        <Button onClick={() => picked && setConfirming(picked.id)} disabled={props.disabled || !picked} aria-label={picked ? `Delete the finetune ${picked.id}…` : 'Delete a finetune…'}>
          Delete…
        </Button>
      </span>
      {props.input}
      {about && <span className="form-hint">{about}</span>}
      {error && <span className="form-hint">{error}</span>}
      {said && (
        <span className={said.ok ? 'form-hint' : 'form-error'} role="status">
          {said.text}
        </span>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete the finetune “${confirming}”?`}
          message={`“${confirming}” is deleted from your account on the service, for every key and every app that uses it. This cannot be undone.`}
          confirmLabel={`Delete ${confirming}`}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const id = confirming;
            setConfirming(null);
            void remove(id).then((answer) => {
              const wasPicked = answer.ok && props.value === id;
              setSaid(wasPicked ? { ...answer, text: `${answer.text} Pick another for the next picture, or type one’s name.` } : answer);
              if (wasPicked) props.onPick(undefined);
            });
          }}
        />
      )}
    </div>
  );
}
