import { useEffect, useId, useState } from 'react';
import type { ExportFormat, LibraryItem } from '../../../../shared/ipc/contract';
import '../../ui/dialog.css';
import { isVideo } from '../../../../shared/media/mediaType';

type Format = { id: ExportFormat; label: string; lossy: boolean };

const PICTURE_FORMATS: readonly Format[] = [
  { id: 'png', label: 'PNG (lossless)', lossy: false },
  { id: 'jpeg', label: 'JPEG', lossy: true },
  { id: 'webp', label: 'WebP', lossy: true },
];
/** A video is copied as it was made, never re-encoded: one format, and no quality to choose. */
const VIDEO_FORMATS: readonly Format[] = [{ id: 'mp4', label: 'MP4 video (as made)', lossy: false }];

/** Save as: the format and its quality here; where, in the system's own dialog that main opens next. */
export function SaveAsDialog({ item, onSave, onCancel }: { item: LibraryItem; onSave: (format: ExportFormat, quality: number) => void; onCancel: () => void }) {
  const id = useId();
  const formats = isVideo(item) ? VIDEO_FORMATS : PICTURE_FORMATS;
  const [format, setFormat] = useState<ExportFormat>(formats[0]!.id);
  const [quality, setQuality] = useState(90);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  const lossy = formats.find((f) => f.id === format)?.lossy ?? false;
  return (
    <div className="dialog-backdrop gallery-dialog">
      <form
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          onSave(format, quality);
        }}
      >
        <h2 id={`${id}-title`}>Save a copy of {item.fileName}</h2>
        <fieldset className="save-formats">
          <legend className="muted">Format</legend>
          {formats.map((f) => (
            <label key={f.id}>
              <input type="radio" name="format" value={f.id} checked={format === f.id} onChange={() => setFormat(f.id)} /> {f.label}
            </label>
          ))}
        </fieldset>
        {formats.some((f) => f.lossy) && (
          <label className="save-quality">
            Quality <input type="range" min={1} max={100} value={quality} disabled={!lossy} onChange={(e) => setQuality(Number(e.target.value))} aria-label="Quality" />
            <output>{lossy ? quality : '—'}</output>
          </label>
        )}
        <p className="muted small">The parameters it was made with are written into the file.</p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            Save…
          </button>
        </div>
      </form>
    </div>
  );
}
