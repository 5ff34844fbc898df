import { useEffect, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { useStageBox, type Box } from '../../ui/useStageBox';
import { useCanvasStore } from '../canvas/canvasStore';
import { useStagingStore } from './stagingStore';
import { masksResult, placement, type StripEntry } from './stripModel';
import { useAsset, useComposite } from './useImageUrl';
import { useLibraryItem } from '../../store/useLibraryItem';
import { isVideo } from '../../../../shared/media/mediaType';
import type { PlayerHandle } from '../player/VideoPlayer';
import { VideoResult } from './VideoResult';
import { listenOn } from '../../ui/listen';
import { Icon } from '../../ui/icons';
import { useText } from '../../ui/i18n/textStore';

/**
 * Where the result is drawn on screen: over the picture in place, at the canvas's zoom; fitted when there is no
 * picture. In place, the canvas is told what it covers, so its Fit and 100% take in a result larger than the picture
 * and the view fits when the result does not.
 */
function useResultRect(entry: StripEntry | null, size: { width: number; height: number } | null, stage: Box | null, inPlace: boolean): Box | null {
  const view = useCanvasStore((s) => s.view);
  const base = useCanvasStore((s) => s.document.base);
  const setShown = useCanvasStore((s) => s.setShown);
  const at = entry && size && base ? placement(entry.task, size, base) : null;
  const shown = at && size && inPlace ? { x: at.x, y: at.y, width: size.width, height: size.height } : null;
  // The rectangle is told by its numbers: a new object with the same numbers is the same result, told once.
  const [sx, sy, sw, sh] = shown ? [shown.x, shown.y, shown.width, shown.height] : [null, null, null, null];
  useEffect(() => {
    setShown(sx === null || sy === null || sw === null || sh === null ? null : { x: sx, y: sy, width: sw, height: sh });
    return () => setShown(null);
  }, [sx, sy, sw, sh, setShown]);
  if (!entry || !size || !stage) return null;
  if (!base) {
    const scale = Math.min((stage.width * 0.9) / size.width, (stage.height * 0.9) / size.height, 1);
    return { left: (stage.width - size.width * scale) / 2, top: (stage.height - size.height * scale) / 2, width: size.width * scale, height: size.height * scale };
  }
  const place = at ?? { x: 0, y: 0 };
  return { left: view.x + place.x * view.scale, top: view.y + place.y * view.scale, width: size.width * view.scale, height: size.height * view.scale };
}

function Divider({ rect }: { rect: Box }) {
  const split = useStagingStore((s) => s.split);
  const setSplit = useStagingStore((s) => s.setSplit);
  const drag = (e: ReactPointerEvent<HTMLDivElement>) => {
    const host = e.currentTarget.parentElement;
    if (!host) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const move = (x: number) => {
      const r = host.getBoundingClientRect();
      setSplit((x - r.left) / r.width);
    };
    move(e.clientX);
    const off = listenOn(e.currentTarget, { pointermove: (ev) => move(ev.clientX), pointerup: () => off(), pointercancel: () => off() });
  };
  const percent = Math.round(split * 100);
  const { t } = useText();
  return (
    <div
      className="compare-divider"
      style={{ left: `${split * rect.width}px` }}
      role="slider"
      tabIndex={0}
      aria-label={t('strip.compare.divider')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t('strip.compare.dividerValue', { percent })}
      onPointerDown={drag}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 0.1 : 0.02;
        if (e.key === 'ArrowLeft') setSplit(split - step);
        else if (e.key === 'ArrowRight') setSplit(split + step);
        else if (e.key === 'Home') setSplit(0);
        else if (e.key === 'End') setSplit(1);
        else return;
        e.preventDefault();
        e.stopPropagation();
      }}
    >
      <span className="compare-handle">
        <Icon name="action.compare" />
      </span>
    </div>
  );
}

function SideBySide({ before, after }: { before: string | null; after: string }) {
  const { t } = useText();
  return (
    <div className="compare-side" role="group" aria-label={t('strip.compare.side')}>
      <figure>
        {before ? <img src={before} alt={t('strip.compare.beforeAlt')} /> : <p className="muted">{t('strip.compare.noPicture')}</p>}
        <figcaption>{t('strip.compare.before')}</figcaption>
      </figure>
      <figure>
        <img src={after} alt={t('strip.compare.afterAlt')} />
        <figcaption>{t('strip.compare.after')}</figcaption>
      </figure>
    </div>
  );
}

/** The selected result over the canvas: in place, against a before/after divider, or side by side. */
export function ResultOverlay({ stage, entry, player }: { stage: RefObject<HTMLDivElement | null>; entry: StripEntry | null; player: RefObject<PlayerHandle | null> }) {
  const box = useStageBox(stage);
  const { t } = useText();
  const mode = useStagingStore((s) => s.mode);
  const split = useStagingStore((s) => s.split);
  const keepOutside = useStagingStore((s) => s.keepOutsideMask);
  const ready = entry?.status === 'ready' ? entry : null;
  const item = useLibraryItem(ready?.resultId ?? null);
  const masked = ready !== null && masksResult(ready.task.endpointId) && keepOutside;
  const composite = useComposite(ready?.resultId ?? null, masked);
  const baseId = useCanvasStore((s) => s.document.base?.assetId ?? null);
  const before = useAsset(baseId);
  const size = item && item.width !== null && item.height !== null ? { width: item.width, height: item.height } : null;
  const rect = useResultRect(ready, size, box, mode !== 'side' && !(item !== null && isVideo(item)));
  if (box && item && ready && isVideo(item)) return <VideoResult item={item} player={player} frame={{ left: box.left, top: box.top, width: box.width, height: box.height }} />;
  if (!box || !ready || !item || !rect) return null;
  const url = masked ? (composite.status === 'ready' ? composite.url : null) : item.url;
  const frame = { left: box.left, top: box.top, width: box.width, height: box.height };
  return (
    <div className="result-overlay" style={frame} aria-label={t('strip.preview')} role="group" data-mode={mode}>
      {masked && composite.status === 'working' && <p className="overlay-note" role="status">{t('strip.keepingOutside')}</p>}
      {masked && composite.status === 'failed' && (
        <p className="overlay-note error" role="alert">
          {composite.message}
        </p>
      )}
      {url && mode === 'side' && <SideBySide before={before?.url ?? null} after={url} />}
      {url && mode !== 'side' && (
        <div
          className="result-in-place"
          style={{ left: rect.left, top: rect.top, width: rect.width, height: rect.height }}
          // The result covers the picture: a click on it must not paint a mask nobody can see, but the wheel still
          // zooms the canvas underneath, so artists can look closely while comparing.
          onWheel={(e) => stage.current?.querySelector('.konvajs-content')?.dispatchEvent(new WheelEvent('wheel', e.nativeEvent))}
        >
          <img
            src={url}
            alt={t('strip.previewAlt')}
            draggable={false}
            style={mode === 'slider' ? { clipPath: `inset(0 0 0 ${split * 100}%)` } : undefined}
          />
          {mode === 'slider' && (
            <>
              <div className="compare-labels">
                <span className="compare-label before" title={t('strip.compare.before')}>
                  {t('strip.compare.before')}
                </span>
                <span className="compare-label after" title={t('strip.compare.after')}>
                  {t('strip.compare.after')}
                </span>
              </div>
              <Divider rect={rect} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
