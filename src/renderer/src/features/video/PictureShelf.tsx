import { nextFreeFrame } from '../../../../shared/canvas/timeline';
import { useLibraryList } from '../../store/useLibraryList';
import { Button } from '../../ui/Button';
import { useCanvasStore } from '../canvas/canvasStore';
import { useAsset } from '../canvas/panels/useAsset';
import { REFERENCE_DRAG_TYPE, setResultDrag } from './dragData';
import { pinReference, pinResult } from './timelineActions';
import { inputNameOf } from '../../text/taskText';
import { useText } from '../../ui/i18n/textStore';

const SHOWN = 12;

function ReferenceThumb({ assetId }: { assetId: string }) {
  const asset = useAsset(assetId);
  return asset ? <img src={asset.thumbnailUrl} alt="" draggable={false} /> : null;
}

/**
 * Pictures at hand while the timeline is open: the project's reference board and the newest pictures of the
 * gallery. Each drags onto the timeline (an in-app drag: the result id or the board's place), or pins with one
 * click or Enter in the first free slot, then the widest gap.
 */
export function PictureShelf() {
  const references = useCanvasStore((s) => s.document.references);
  // Asked of the whole library by kind: the newest results at hand may be clips alone.
  const shelf = useLibraryList({ media: 'picture', status: 'kept', stacked: false }, SHOWN);
  const pictures = shelf.items;
  const text = useText();
  const { t } = text;
  if (references.length === 0 && pictures.length === 0) return null;
  const at = () => nextFreeFrame(useCanvasStore.getState().document);
  return (
    <div className="picture-shelf" role="list" aria-label={t('video.shelf.label')}>
      <span className="muted shelf-title">{t('video.shelf.title')}</span>
      {references.map((ref, i) => (
        <div key={`ref-${ref.assetId}-${i}`} role="listitem">
          <button
            type="button"
            className="shelf-item"
            aria-label={t('video.shelf.pinReference', { number: i + 1, name: ref.name })}
            title={t('video.shelf.reference', { number: i + 1, name: ref.name })}
            draggable
            onDragStart={(e) => {
              e.dataTransfer.setData(REFERENCE_DRAG_TYPE, String(i));
              e.dataTransfer.effectAllowed = 'copy';
            }}
            onClick={() => pinReference(i, at())}
          >
            <ReferenceThumb assetId={ref.assetId} />
          </button>
        </div>
      ))}
      {pictures.map((item) => (
        <div key={item.id} role="listitem">
          <button
            type="button"
            className="shelf-item"
            aria-label={t('video.shelf.pinResult', { name: inputNameOf(item, text) })}
            title={typeof item.params.prompt === 'string' ? t('strip.tile.prompt', { prompt: item.params.prompt }) : t('video.shelf.pinResult', { name: inputNameOf(item, text) })}
            draggable
            onDragStart={(e) => setResultDrag(e.dataTransfer, item.id)}
            onClick={() => void pinResult(item.id, at())}
          >
            {item.thumbnailUrl ? <img src={item.thumbnailUrl} alt="" draggable={false} /> : null}
          </button>
        </div>
      ))}
      {shelf.total > pictures.length && (
        <div role="listitem" className="shelf-more">
          <Button size="sm" variant="quiet" onClick={shelf.more} title={t('video.shelf.shown', { shown: pictures.length, total: shelf.total })}>
            {t('video.shelf.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
