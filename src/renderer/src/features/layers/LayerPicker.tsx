import { useEffect, useId, useState } from 'react';
import '../../ui/dialog.css';
import './layers.css';
import { useLayersStore } from '../../store/layersStore';

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
  const id = useId();
  const [index, setIndex] = useState<number | null>(null);
  const [asMask, setAsMask] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && asking.answer(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [asking]);
  const { intake, fileName } = asking;
  const layers = [...intake.layers].reverse();
  const chosen = index === null ? null : intake.layers[index];
  const maskSource = chosen ?? layers.find((l) => l.hasMask) ?? null;
  const maskWords = maskSource?.hasMask ? `the layer mask of “${maskSource.name}”` : maskSource?.hasTransparency ? `the transparent pixels of “${maskSource.name}”` : null;
  return (
    <div className="dialog-backdrop layers-dialog">
      <form
        className="dialog layers-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          asking.answer({ index, asMask: asMask && maskWords !== null });
        }}
      >
        <h2 id={`${id}-title`}>
          “{fileName}” has {intake.layers.length} {intake.layers.length === 1 ? 'layer' : 'layers'}
        </h2>
        <p>Use the whole picture as it looks, or one layer of it.</p>
        <ul className="layers-choices" role="radiogroup" aria-label="What to use">
          <li>
            <label>
              <input type="radio" name="layer" checked={index === null} onChange={() => setIndex(null)} /> <img className="layers-thumb" src={asking.wholeUrl} alt="" />
              The whole picture
            </label>
          </li>
          {layers.map((l) => (
            <li key={l.index}>
              <label>
                <input type="radio" name="layer" checked={index === l.index} onChange={() => setIndex(l.index)} />{' '}
                <img className="layers-thumb" src={l.thumbnail} alt="" /> {l.name}
                {l.hidden && <span className="muted small"> (hidden)</span>}
              </label>
            </li>
          ))}
        </ul>
        {asking.offerMask && (
          <label className="layers-mask">
            <input type="checkbox" checked={asMask && maskWords !== null} disabled={maskWords === null} onChange={(e) => setAsMask(e.target.checked)} />{' '}
            {maskWords ? `Also use ${maskWords} as the mask (white or transparent = change)` : 'This layer has no mask or transparency to use as the mask'}
          </label>
        )}
        <div className="dialog-actions">
          <button type="submit" className="button primary">
            Use it
          </button>
        </div>
      </form>
    </div>
  );
}
