import { PICTURE_ACCEPT } from '../../../../../shared/layers/layeredFiles';
import { useState, type DragEvent } from 'react';
import { canvasUse } from '../../../../../shared/canvas/request';
import { importInto, maskFromImageAlpha } from '../actions';
import { selectEndpoint, useCanvasStore } from '../canvasStore';
import { clearAll, feather, fillAll, growShrink, invert, type MaskBuffer } from '../mask/maskBuffer';
import type { PixelRect } from '../mask/rect';
import { exportMask, useMaskExport } from '../maskExport';
import { useEditGesture } from './editGesture';
import { Button } from '../../../ui/Button';
import { FileButton } from '../../../ui/FileButton';
import { useText } from '../../../ui/i18n/textStore';
import { saying } from '../../../ui/i18n/saying';

const whole = (op: (m: MaskBuffer) => PixelRect) => (m: MaskBuffer, touch: (r: PixelRect) => void) => {
  touch({ x: 0, y: 0, width: m.width, height: m.height });
  return op(m);
};

export function MaskPanel() {
  // Long (over 80 lines) for its markup (about 70 of its lines): grow, shrink and feather, the overlay's colour and
  // opacity, the drop target and the export state, each a labelled control.
  const mask = useCanvasStore((s) => s.document.mask);
  const hasMask = useCanvasStore((s) => s.mask !== null);
  const maskVersion = useCanvasStore((s) => s.maskVersion);
  const endpoint = useCanvasStore(selectEndpoint);
  const { t } = useText();
  const exported = useMaskExport();
  const [amount, setAmount] = useState(8);
  const [over, setOver] = useState(false);
  const { editMask, change, say } = useCanvasStore.getState();
  const use = canvasUse(endpoint);
  const n = Math.max(1, Math.min(512, Math.round(amount)));
  const colourGesture = useEditGesture('Mask colour');
  const opacityGesture = useEditGesture('Mask opacity');
  if (!use.maskField && !use.alphaMask) return null;

  const drop = (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setOver(false);
    void importInto([...e.dataTransfer.files], 'mask');
  };

  return (
    <section className="canvas-panel" data-panel="mask" aria-label={t('canvas.layer.mask')}>
      <h3>{t('canvas.layer.mask')}</h3>
      <div className="button-row">
        <Button disabled={!hasMask} onClick={() => editMask('Fill mask', whole(fillAll))}>{t('canvas.mask.fillAll')}</Button>
        <Button disabled={!hasMask} onClick={() => editMask('Clear mask', whole(clearAll))}>{t('canvas.mask.clear')}</Button>
        <Button disabled={!hasMask} onClick={() => editMask('Invert mask', whole(invert))}>{t('canvas.mask.invert')}</Button>
        <Button disabled={!hasMask} onClick={() => void maskFromImageAlpha()}>{t('canvas.mask.fromAlpha')}</Button>
      </div>
      <div className="button-row">
        <label className="tool-field">
          {t('canvas.mask.pixels')}
          <input type="number" className="field-input" min={1} max={512} value={amount} onChange={(e) => setAmount(Number(e.target.value))} aria-label={t('canvas.mask.pixelsLabel')} />
        </label>
        <Button disabled={!hasMask} onClick={() => editMask(`Grow mask ${n}px`, whole((m) => growShrink(m, n)))}>{t('canvas.mask.grow')}</Button>
        <Button disabled={!hasMask} onClick={() => editMask(`Shrink mask ${n}px`, whole((m) => growShrink(m, -n)))}>{t('canvas.mask.shrink')}</Button>
        <Button disabled={!hasMask} onClick={() => editMask(`Feather mask ${n}px`, whole((m) => feather(m, n)))}>{t('canvas.mask.feather')}</Button>
      </div>
      <div className="button-row">
        <label className="tool-field">
          {t('canvas.mask.overlay')}
          <input type="color" value={mask.color} {...colourGesture} onChange={(e) => change('Mask colour', (d) => ({ ...d, mask: { ...d.mask, color: e.target.value } }))} aria-label={t('canvas.mask.colourLabel')} />
        </label>
        <label className="tool-field">
          {t('canvas.mask.opacity')}
          <input type="range" min={0} max={100} value={Math.round(mask.opacity * 100)} {...opacityGesture} onChange={(e) => change('Mask opacity', (d) => ({ ...d, mask: { ...d.mask, opacity: Number(e.target.value) / 100 } }))} aria-label={t('canvas.mask.opacityLabel')} />
        </label>
      </div>
      {use.alphaMask && (
        <fieldset className="radio-row">
          <legend>{t('canvas.mask.sendAs')}</legend>
          <label>
            <input type="radio" name="mask-export" checked={mask.exportAs === 'mask-image'} onChange={() => change('Send mask as image', (d) => ({ ...d, mask: { ...d.mask, exportAs: 'mask-image' } }))} /> {t('canvas.mask.asImage')}
          </label>
          <label>
            <input type="radio" name="mask-export" checked={mask.exportAs === 'alpha'} onChange={() => change('Send mask in alpha', (d) => ({ ...d, mask: { ...d.mask, exportAs: 'alpha' } }))} /> {t('canvas.mask.asAlpha')}
          </label>
        </fieldset>
      )}
      <div
        className={`drop-zone${over ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        aria-label={t('canvas.mask.dropLabel')}
        role="group"
      >
        {t('canvas.mask.dropHint')}{' '}
        <FileButton variant="link" accept={PICTURE_ACCEPT} label={t('canvas.mask.loadLabel')} onFiles={(files) => importInto(files, 'mask')}>
          {t('canvas.mask.chooseFile')}
        </FileButton>
      </div>
      <div className="button-row">
        <Button
          variant="primary"
          disabled={!hasMask || exported.busy}
          onClick={() => void exportMask().then((problem) => say(problem ? { kind: 'error', text: problem } : { kind: 'info', text: saying('canvas.mask.exported') }))}
        >
          {t('canvas.mask.export')}
        </Button>
        <span className="muted" aria-label={t('canvas.mask.exportState')}>
          {exported.version === maskVersion && exported.maskAssetId ? t('canvas.mask.exportedAs', { id: exported.maskAssetId.slice(0, 10) }) : t('canvas.mask.notExported')}
        </span>
      </div>
    </section>
  );
}
