import { useEffect, useId, useState } from 'react';
import type { ExportFormat, LibraryItem } from '../../../../shared/ipc/contract';
import '../../ui/dialog.css';

const FORMATS: ReadonlyArray<{ id: ExportFormat; label: string; lossy: boolean }> = [
  { id: 'png', label: 'PNG (lossless)', lossy: false },
  { id: 'jpeg', label: 'JPEG', lossy: true },
  { id: 'webp', label: 'WebP', lossy: true },
];

/** Save as: the format and its quality here; where, in the system's own dialog that main opens next. */
export function SaveAsDialog({ item, onSave, onCancel }: { item: LibraryItem; onSave: (format: ExportFormat, quality: number) => void; onCancel: () => void }) {
  const id = useId();
  const [format, setFormat] = useState<ExportFormat>('png');
  const [quality, setQuality] = useState(90);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  const lossy = FORMATS.find((f) => f.id === format)!.lossy;
  return (
    <div className="dialog-backdrop">
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
          {FORMATS.map((f) => (
            <label key={f.id}>
              <input type="radio" name="format" value={f.id} checked={format === f.id} onChange={() => setFormat(f.id)} /> {f.label}
            </label>
          ))}
        </fieldset>
        <label className="save-quality">
          Quality <input type="range" min={1} max={100} value={quality} disabled={!lossy} onChange={(e) => setQuality(Number(e.target.value))} aria-label="Quality" />
          <output>{lossy ? quality : '—'}</output>
        </label>
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
