import { useState } from 'react';
import { FormDialog } from '../../ui/FormDialog';
import './layers.css';
import { useLayersStore } from '../../store/layersStore';
import { useText } from '../../ui/i18n/textStore';

/**
 * A layered file was taken in: its whole picture by default, or one of its layers; and, where the studio's
 * picture is being set, its mask (layer mask, else its transparency) as the studio's mask.
 */
export function LayerPicker() {
  const asking = useLayersStore((s) => s.asking);
  // keyed by the file, so each file starts from the whole picture and no mask
  return asking ? <Picker key={asking.intake.token} asking={asking} /> : null;
}

function Picker({ asking }: { asking: NonNullable<ReturnType<typeof useLayersStore.getState>['asking']> }) {
  const { t } = useText();
  const [index, setIndex] = useState<number | null>(null);
  const [asMask, setAsMask] = useState(false);
  const { intake, fileName } = asking;
  const layers = [...intake.layers].reverse();
  const chosen = index === null ? null : intake.layers[index];
  const maskSource = chosen ?? layers.find((l) => l.hasMask) ?? null;
  const maskWords = maskSource?.hasMask
    ? t('layers.picker.useLayerMask', { layer: maskSource.name })
    : maskSource?.hasTransparency
      ? t('layers.picker.useTransparency', { layer: maskSource.name })
      : null;
  return (
    <FormDialog
      className="layers-dialog"
      dialogClassName="layers-picker"
      title={t('layers.picker.title', { fileName, count: intake.layers.length })}
      onClose={() => asking.answer(null)}
      onSubmit={() => asking.answer({ index, asMask: asMask && maskWords !== null })}
    >
      <p>{t('layers.picker.lead')}</p>
      <div className="layers-choices" role="radiogroup" aria-label={t('layers.picker.what')}>
        <div>
          <label>
            <input type="radio" name="layer" checked={index === null} onChange={() => setIndex(null)} /> <img className="layers-thumb" src={asking.wholeUrl} alt="" />
            {t('layers.picker.whole')}
          </label>
        </div>
        {layers.map((l) => (
          <div key={l.index}>
            <label>
              <input type="radio" name="layer" checked={index === l.index} onChange={() => setIndex(l.index)} />{' '}
              <img className="layers-thumb" src={l.thumbnail} alt="" /> <span translate="no">{l.name}</span>
              {l.hidden && <span className="muted small"> {t('layers.picker.hidden')}</span>}
            </label>
          </div>
        ))}
      </div>
      {asking.offerMask && (
        <label className="layers-mask">
          <input type="checkbox" checked={asMask && maskWords !== null} disabled={maskWords === null} onChange={(e) => setAsMask(e.target.checked)} />{' '}
          {maskWords ?? t('layers.picker.noMask')}
        </label>
      )}
      <div className="dialog-actions">
        <button type="submit" className="button primary">
          {t('layers.picker.use')}
        </button>
      </div>
    </FormDialog>
  );
}
