import { useState } from 'react';
import { VIDEO_ENDPOINT_ID } from '../../../../shared/canvas/timeline';
import type { VideoResolution } from '../../../../shared/catalog/video';
import type { LibraryItem, SpendingEstimate } from '../../../../shared/ipc/contract';
import type { AppText } from '../../../../shared/i18n/text';
import { defaultFinalSize, draftSize, finalRequest, finalSizes } from '../../../../shared/video/finalSize';
import { videoSizeName, videoSizeWithPixels } from '../../../../shared/video/videoWords';
import { Button } from '../../ui/Button';
import { useText } from '../../ui/i18n/textStore';
import { useCanvasStore } from '../canvas/canvasStore';
import { useEstimate } from '../estimate/estimate';
import { makeFinal } from './videoActions';
import './videoPanel.css';

const priceWords = (estimate: SpendingEstimate | null, text: AppText): string =>
  !estimate ? text.t('video.final.pricing') : estimate.cost === null ? text.t('video.final.priceUnknown') : text.t('video.final.price', { credits: text.credits(estimate.cost) });

/** The chosen size's price with where it comes from: "≈ 12 credits, from the public price list". */
const priceLine = (estimate: SpendingEstimate | null, text: AppText): string =>
  !estimate
    ? text.t('video.final.pricing')
    : text.t('video.final.priceLine', { basis: estimate.cost === null ? 'unknown' : estimate.basis, credits: estimate.cost === null ? '' : text.credits(estimate.cost), runs: estimate.runs });

/** One final size with its price, asked of main as the studio's own estimate is (the clip itself is not priced). */
function SizeOption({ item, size, checked, onChoose }: { item: LibraryItem; size: VideoResolution; checked: boolean; onChoose: () => void }) {
  const estimate = useEstimate(finalRequest(item, size, null));
  const text = useText();
  const words = videoSizeWithPixels(size, text);
  return (
    <label className={`video-resolution${checked ? ' on' : ''}`}>
      <input type="radio" name={`final-size-${item.id}`} checked={checked} onChange={onChoose} aria-label={text.t('video.final.option', { size: words, price: priceWords(estimate, text) })} />
      <strong>{words}</strong> <span className="muted">{priceWords(estimate, text)}</span>
    </label>
  );
}

/**
 * Make final's question: which size above the draft's, each with its price, before anything is sent. It starts on
 * the panel's frame size when that is above the draft's, else on the smallest final size.
 */
export function FinalSizeChoice({ item, onDone }: { item: LibraryItem; onDone: () => void }) {
  const panelSize = useCanvasStore((s) => s.document.formValues[VIDEO_ENDPOINT_ID]?.resolution);
  const draft = draftSize(item.params);
  const [size, setSize] = useState<VideoResolution | null>(() => defaultFinalSize(draft, panelSize));
  const [busy, setBusy] = useState(false);
  const chosen = useEstimate(size ? finalRequest(item, size, null) : null);
  const text = useText();
  const { t } = text;
  if (!size) {
    return (
      <p className="muted small" role="note">
        {t('video.final.largest', { size: videoSizeWithPixels(draft, text) })}
      </p>
    );
  }
  return (
    <div className="final-size" role="group" aria-label={t('video.final.label')}>
      <div className="video-resolutions" role="radiogroup" aria-label={t('video.final.sizes')}>
        <span className="video-label">{t('video.final.sizesTitle')}</span>
        {finalSizes(draft).map((r) => (
          <SizeOption key={r} item={item} size={r} checked={r === size} onChoose={() => setSize(r)} />
        ))}
      </div>
      <p className="muted small" aria-label={t('video.final.price.label')}>
        {priceLine(chosen, text)}
      </p>
      <div className="button-row">
        <Button
          variant="primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void makeFinal(item, size).then((sent) => (sent ? onDone() : setBusy(false)));
          }}
        >
          {t('video.final.make', { size: videoSizeName(size, text) })}
        </Button>
        <Button disabled={busy} onClick={onDone}>
          {t('video.final.cancel')}
        </Button>
      </div>
    </div>
  );
}
