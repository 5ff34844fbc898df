import { useId } from 'react';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import type { DroppedFile } from '../../../../shared/ipc/contract';
import { inputKey } from './galleryModel';
import '../../ui/dialog.css';

/** A file dropped on the gallery that says how it was made: what can come back, and what cannot. */
export function RestoreDialog({ name, found, onRestore, onCancel }: { name: string; found: DroppedFile; onRestore: () => void; onCancel: () => void }) {
  const id = useId();
  if (found.kind === 'none') return null;
  const endpoint = found.kind === 'gen-studio' ? findEndpoint(found.metadata.endpoint.id) : undefined;
  const missing = found.kind === 'gen-studio' ? found.inputs.filter((i) => !i.available) : [];
  const prompt = found.kind === 'gen-studio' ? found.metadata.prompt : found.prompt;
  const seed = found.kind === 'gen-studio' ? found.metadata.seed : found.seed;
  return (
    <div className="dialog-backdrop gallery-dialog">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Restore the parameters of {name}?</h2>
        {found.kind === 'gen-studio' ? (
          <p>
            Made with <strong>{endpoint?.title ?? found.metadata.endpoint.id}</strong> by Gen Studio {found.metadata.app.version}.
          </p>
        ) : (
          <p>Made by another tool; its prompt{found.seed !== null ? ' and seed' : ''} can be used with Dev.</p>
        )}
        {prompt && <p className="full-prompt">“{prompt}”</p>}
        {seed !== null && <p className="muted">Seed {seed}</p>}
        {(missing.length > 0 || (found.kind === 'gen-studio' && !endpoint)) && (
          <ul className="restore-missing" aria-label="Cannot be restored">
            {found.kind === 'gen-studio' && !endpoint && <li>This version of Gen Studio does not know the endpoint {found.metadata.endpoint.id}.</li>}
            {missing.map((i) => (
              <li key={inputKey(i)}>The {i.field.replace(/_/g, ' ')} input is not stored on this computer: it will be left empty.</li>
            ))}
          </ul>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button primary" onClick={onRestore} disabled={found.kind === 'gen-studio' && !endpoint}>
            Restore
          </button>
        </div>
      </div>
    </div>
  );
}
