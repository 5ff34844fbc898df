import { useState } from 'react';
import type { LayeredSource } from '../../../../shared/ipc/contract';
import type { LayeredFormat } from '../../../../shared/layers/layeredDocument';
import { gen } from '../../api';
import { FormDialog } from '../../ui/FormDialog';
import './layers.css';
import { useLayersStore } from '../../store/layersStore';
import { useStagingStore } from '../staging/stagingStore';
import { useText } from '../../ui/i18n/textStore';
import { saying, toldSaying, type Note } from '../../ui/i18n/saying';

const FORMATS = [
  { id: 'psd', label: 'layers.export.psd', note: 'layers.export.psdApps' },
  { id: 'ora', label: 'layers.export.ora', note: 'layers.export.oraApps' },
] as const satisfies ReadonlyArray<{ id: LayeredFormat; label: string; note: string }>;

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
  const text = useText();
  const { t } = text;
  const [format, setFormat] = useState<LayeredFormat>('psd');
  const [state, setState] = useState<{ busy: boolean; note: Note | null }>({ busy: false, note: null });
  const save = async () => {
    setState({ busy: true, note: null });
    const result = await gen.layers.export({ source: await prepared(source), format });
    if (!result.ok) return setState({ busy: false, note: { kind: 'error', text: toldSaying(result.error) } });
    if (!result.value.saved) return setState({ busy: false, note: null });
    setState({ busy: false, note: { kind: 'info', text: saying('layers.export.saved', { fileName: result.value.fileName ?? '' }) } });
  };
  const dragOut = async () => {
    const result = await gen.layers.startDrag({ source: await prepared(source), format });
    if (!result.ok) setState({ busy: false, note: { kind: 'error', text: toldSaying(result.error) } });
  };
  return (
    <FormDialog className="layers-dialog" title={t('layers.export.title', { title })} onClose={close} onSubmit={() => void save()}>
      <p>{t('layers.export.lead')}</p>
      <fieldset className="layers-formats">
        <legend className="muted">{t('layers.export.format')}</legend>
        {FORMATS.map((f) => (
          <label key={f.id}>
            <input type="radio" name="layers-format" value={f.id} checked={format === f.id} onChange={() => setFormat(f.id)} /> {t(f.label)}{' '}
            <span className="muted small">{t(f.note)}</span>
          </label>
        ))}
      </fieldset>
      {state.note && (
        <p className={`layers-note ${state.note.kind}`} role={state.note.kind === 'error' ? 'alert' : 'status'}>
          {state.note.text(text)}
        </p>
      )}
      <div className="dialog-actions">
        <span
          className="button layers-drag"
          draggable
          role="button"
          tabIndex={-1}
          title={t('layers.export.dragHint')}
          onDragStart={(e) => {
            e.preventDefault();
            void dragOut();
          }}
        >
          {t('layers.export.drag')}
        </span>
        <button type="button" className="button" onClick={close}>
          {t('layers.export.close')}
        </button>
        <button type="submit" className="button primary" disabled={state.busy}>
          {state.busy ? t('layers.export.writing') : t('layers.export.save')}
        </button>
      </div>
    </FormDialog>
  );
}
