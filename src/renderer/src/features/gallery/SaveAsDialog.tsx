import { useState } from 'react';
import type { ExportFormat, LibraryItem } from '../../../../shared/ipc/contract';
import { FormDialog } from '../../ui/FormDialog';
import { isVideo } from '../../../../shared/media/mediaType';
import type { MessageId } from '../../../../shared/i18n/catalog';
import { useText } from '../../ui/i18n/textStore';

/** A format's words, or its name alone (a file type's name, the same in every language). */
type Format = { id: ExportFormat; lossy: boolean } & ({ label: MessageId } | { name: string });

const PICTURE_FORMATS: readonly Format[] = [
  { id: 'png', label: 'gallery.save.png', lossy: false },
  { id: 'jpeg', name: 'JPEG', lossy: true },
  { id: 'webp', name: 'WebP', lossy: true },
];
/** A video is copied as it was made, never re-encoded: one format, and no quality to choose. */
const VIDEO_FORMATS: readonly Format[] = [{ id: 'mp4', label: 'gallery.save.mp4', lossy: false }];

/** Save as: the format and its quality here; where, in the system's own dialog that main opens next. */
export function SaveAsDialog({ item, onSave, onCancel }: { item: LibraryItem; onSave: (format: ExportFormat, quality: number) => void; onCancel: () => void }) {
  const { t } = useText();
  const formats = isVideo(item) ? VIDEO_FORMATS : PICTURE_FORMATS;
  const [format, setFormat] = useState<ExportFormat>(formats[0]!.id);
  const [quality, setQuality] = useState(90);
  const lossy = formats.find((f) => f.id === format)?.lossy ?? false;
  return (
    <FormDialog className="gallery-dialog" title={t('gallery.save.title', { file: item.fileName })} onClose={onCancel} onSubmit={() => onSave(format, quality)}>
      <fieldset className="save-formats">
        <legend className="muted">{t('gallery.save.format')}</legend>
        {formats.map((f) => (
          <label key={f.id}>
            <input type="radio" name="format" value={f.id} checked={format === f.id} onChange={() => setFormat(f.id)} /> {'label' in f ? t(f.label) : <span translate="no">{f.name}</span>}
          </label>
        ))}
      </fieldset>
      {formats.some((f) => f.lossy) && (
        <label className="save-quality">
          {t('gallery.save.quality')}{' '}
          <input type="range" min={1} max={100} value={quality} disabled={!lossy} onChange={(e) => setQuality(Number(e.target.value))} aria-label={t('gallery.save.quality')} />
          <output>{lossy ? quality : '—'}</output>
        </label>
      )}
      <p className="muted small">{t('gallery.save.inside')}</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button primary">
          {t('gallery.save.save')}
        </button>
      </div>
    </FormDialog>
  );
}
