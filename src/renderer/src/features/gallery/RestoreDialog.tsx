import { findEndpoint } from '../../../../shared/catalog/catalog';
import type { DroppedFile } from '../../../../shared/ipc/contract';
import { inputKey } from './galleryModel';
import { OTHER_TOOL_MODEL } from './droppedFiles';
import { FormDialog } from '../../ui/FormDialog';
import { useText } from '../../ui/i18n/textStore';

/** A file dropped on the gallery that says how it was made: what can come back, and what cannot. */
export function RestoreDialog({ name, found, onRestore, onCancel }: { name: string; found: DroppedFile; onRestore: () => void; onCancel: () => void }) {
  const { t } = useText();
  if (found.kind === 'none') return null;
  const endpoint = found.kind === 'gen-studio' ? findEndpoint(found.metadata.endpoint.id) : undefined;
  const missing = found.kind === 'gen-studio' ? found.inputs.filter((i) => !i.available) : [];
  const prompt = found.kind === 'gen-studio' ? found.metadata.prompt : found.prompt;
  const seed = found.kind === 'gen-studio' ? found.metadata.seed : found.seed;
  return (
    <FormDialog className="gallery-dialog" title={t('gallery.restore.title', { name })} onClose={onCancel} onSubmit={onRestore}>
      {found.kind === 'gen-studio' ? (
        <p>{t('gallery.restore.madeWith', { model: endpoint?.title ?? found.metadata.endpoint.id, version: found.metadata.app.version })}</p>
      ) : (
        <p>{t('gallery.restore.otherTool', { seed: found.seed !== null ? 'yes' : 'no', model: findEndpoint(OTHER_TOOL_MODEL)?.title ?? OTHER_TOOL_MODEL })}</p>
      )}
      {prompt && (
        <p className="full-prompt" translate="no">
          “{prompt}”
        </p>
      )}
      {seed !== null && <p className="muted">{t('gallery.restore.seed', { seed: String(seed) })}</p>}
      {(missing.length > 0 || (found.kind === 'gen-studio' && !endpoint)) && (
        <ul className="restore-missing" aria-label={t('gallery.restore.cannot')}>
          {found.kind === 'gen-studio' && !endpoint && <li>{t('gallery.restore.unknownModel', { model: found.metadata.endpoint.id })}</li>}
          {missing.map((i) => (
            <li key={inputKey(i)}>{t('gallery.restore.inputMissing', { field: i.field.replace(/_/g, ' ') })}</li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button primary" disabled={found.kind === 'gen-studio' && !endpoint}>
          {t('gallery.restore.restore')}
        </button>
      </div>
    </FormDialog>
  );
}
