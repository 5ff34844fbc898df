import { useState } from 'react';
import { VIDEO_ENDPOINT_ID } from '../../../../shared/canvas/timeline';
import { VIDEO_SIZE_NAMES, type VideoResolution } from '../../../../shared/catalog/video';
import type { LibraryItem, SpendingEstimate } from '../../../../shared/ipc/contract';
import { defaultFinalSize, draftSize, finalRequest, finalSizes, frameSizeWords } from '../../../../shared/video/finalSize';
import { Button } from '../../ui/Button';
import { useCanvasStore } from '../canvas/canvasStore';
import { useEstimate } from '../estimate/estimate';
import { estimateText } from '../estimate/estimateText';
import { numberText } from '../../text/taskText';
import { makeFinal } from './videoActions';
import './videoPanel.css';

const priceWords = (estimate: SpendingEstimate | null): string => (!estimate ? 'pricing…' : estimate.cost === null ? 'price unknown' : `≈ ${numberText(estimate.cost)} credits`);

/** One final size with its price, asked of main as the studio's own estimate is (the clip itself is not priced). */
function SizeOption({ item, size, checked, onChoose }: { item: LibraryItem; size: VideoResolution; checked: boolean; onChoose: () => void }) {
  const estimate = useEstimate(finalRequest(item, size, null));
  return (
    <label className={`video-resolution${checked ? ' on' : ''}`}>
      <input type="radio" name={`final-size-${item.id}`} checked={checked} onChange={onChoose} aria-label={`${frameSizeWords(size)}, ${priceWords(estimate)}`} />
      <strong>{frameSizeWords(size)}</strong> <span className="muted">{priceWords(estimate)}</span>
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
  if (!size) {
    return (
      <p className="muted small" role="note">
        This clip is already at the largest size, {frameSizeWords(draft)}: there is no larger final to make.
      </p>
    );
  }
  return (
    <div className="final-size" role="group" aria-label="Make final">
      <div className="video-resolutions" role="radiogroup" aria-label="Final size">
        <span className="video-label">Final size, larger than the draft</span>
        {finalSizes(draft).map((r) => (
          <SizeOption key={r} item={item} size={r} checked={r === size} onChoose={() => setSize(r)} />
        ))}
      </div>
      <p className="muted small" aria-label="Final price">
        {estimateText(chosen, 1)}
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
          Make final at {VIDEO_SIZE_NAMES[size]}
        </Button>
        <Button disabled={busy} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
