import { useEffect, useId, useState } from 'react';
import type { LayeredSource } from '../../../../shared/ipc/contract';
import type { LayeredFormat } from '../../../../shared/layers/layeredDocument';
import { gen } from '../../api';
import '../../ui/dialog.css';
import './layers.css';
import { useLayersStore } from '../../store/layersStore';
import { useStagingStore } from '../staging/stagingStore';

const FORMATS: ReadonlyArray<{ id: LayeredFormat; label: string; note: string }> = [
  { id: 'psd', label: 'Photoshop (.psd)', note: 'Photoshop, Affinity, GIMP, Krita, Photopea' },
  { id: 'ora', label: 'OpenRaster (.ora)', note: 'Krita, GIMP, MyPaint' },
];

/**
 * What is unsaved in the studio is saved first, so the file has it; a result shown over the canvas becomes the
 * top layer.
 */
async function prepared(source: LayeredSource): Promise<LayeredSource> {
  if (source.kind !== 'project') return source;
  // loaded when used: the project's saving belongs to the Studio's chunk
  await (await import('../canvas/project/projectSync')).flush();
  return { ...source, shownResultId: useStagingStore.getState().selectedId };
}

/** "Export layers…": a format here; where, in the system's own dialog, or by dragging the file out. */
export function ExportLayersDialog() {
  const exporting = useLayersStore((s) => s.exporting);
  return exporting ? <ExportDialog key={JSON.stringify(exporting.source)} source={exporting.source} title={exporting.title} /> : null;
}

function ExportDialog({ source, title }: { source: LayeredSource; title: string }) {
  const close = useLayersStore((s) => s.closeExport);
  const id = useId();
  const [format, setFormat] = useState<LayeredFormat>('psd');
  const [state, setState] = useState<{ busy: boolean; note: { kind: 'info' | 'error'; text: string } | null }>({ busy: false, note: null });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close]);
  const save = async () => {
    setState({ busy: true, note: null });
    const result = await gen.layers.export({ source: await prepared(source), format });
    if (!result.ok) return setState({ busy: false, note: { kind: 'error', text: result.error.message } });
    if (!result.value.saved) return setState({ busy: false, note: null });
    setState({ busy: false, note: { kind: 'info', text: `Saved “${result.value.fileName}” with its layers.` } });
  };
  const dragOut = async () => {
    const result = await gen.layers.startDrag({ source: await prepared(source), format });
    if (!result.ok) setState({ busy: false, note: { kind: 'error', text: result.error.message } });
  };
  return (
    <div className="dialog-backdrop layers-dialog">
      <form
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h2 id={`${id}-title`}>Export the layers of {title}</h2>
        <p>
          Each version is a layer, named by the model, prompt and seed that made it, with the picture shown now on top. The mask, the
          frame, the references and the boxes come along, hidden until you show them.
        </p>
        <fieldset className="layers-formats">
          <legend className="muted">Format</legend>
          {FORMATS.map((f) => (
            <label key={f.id}>
              <input type="radio" name="layers-format" value={f.id} checked={format === f.id} onChange={() => setFormat(f.id)} /> {f.label}{' '}
              <span className="muted small">{f.note}</span>
            </label>
          ))}
        </fieldset>
        {state.note && (
          <p className={`layers-note ${state.note.kind}`} role={state.note.kind === 'error' ? 'alert' : 'status'}>
            {state.note.text}
          </p>
        )}
        <div className="dialog-actions">
          <span
            className="button layers-drag"
            draggable
            role="button"
            tabIndex={-1}
            title="Drag this into another application to give it the file with its layers"
            onDragStart={(e) => {
              e.preventDefault();
              void dragOut();
            }}
          >
            Drag out
          </span>
          <button type="button" className="button" onClick={close}>
            Close
          </button>
          <button type="submit" className="button primary" disabled={state.busy}>
            {state.busy ? 'Writing the layers…' : 'Save…'}
          </button>
        </div>
      </form>
    </div>
  );
}
