import { PICTURE_ACCEPT } from '../../../../shared/layers/layeredFiles';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { Keyframe } from '../../../../shared/canvas/document';
import { clipFrames, keyframesPastEnd, lastFrame, timelineOf, videoDuration, videoMode } from '../../../../shared/canvas/timeline';
import { clipFrameText, clipTimeText, videoModeLabel } from '../../../../shared/video/videoWords';
import { VIDEO_FPS, VIDEO_KEYFRAMES } from '../../../../shared/catalog/video';
import { Button } from '../../ui/Button';
import { FileButton } from '../../ui/FileButton';
import { imageRefOf, importFiles } from '../canvas/assets';
import { useCanvasStore } from '../canvas/canvasStore';
import { useText } from '../../ui/i18n/textStore';
import { together } from '../../ui/i18n/saying';
import { useAsset } from '../canvas/panels/useAsset';
import { markerRows, ROW_HEIGHT } from './markerRows';
import { PictureShelf } from './PictureShelf';
import { dropsOnTimeline, pinDrop, pinFiles } from './timelineActions';
import './timeline.css';

const store = () => useCanvasStore.getState();

function Thumb({ assetId }: { assetId: string }) {
  const asset = useAsset(assetId);
  return asset ? <img src={asset.thumbnailUrl} alt="" draggable={false} /> : <span className="keyframe-thumb-empty" />;
}

/** A place on the timeline images can be dropped on: whether one is over it now, and the handlers that say so. */
function useTimelineDrop(onDrop: (transfer: DataTransfer, e: DragEvent) => void) {
  const [over, setOver] = useState(false);
  const handlers = {
    onDragOver: (e: DragEvent) => {
      if (!dropsOnTimeline(e.dataTransfer)) return;
      e.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      e.stopPropagation();
      setOver(false);
      onDrop(e.dataTransfer, e);
    },
  };
  return { over, handlers };
}

/** The first or last frame as a slot: one click (or a drop) pins exactly there. */
function Slot({ which, keyframe }: { which: 'first' | 'last'; keyframe: Keyframe | undefined }) {
  const drop = useTimelineDrop((transfer) => pinDrop(transfer, which));
  const { t } = useText();
  const label = t('video.slot.title', { which });
  const selected = useCanvasStore((s) => s.selectedKeyframeId);
  const selectedKeyframe = useCanvasStore((s) => s.document.timeline.keyframes.find((k) => k.id === s.selectedKeyframeId));
  const end = useCanvasStore((s) => (which === 'first' ? 0 : lastFrame(videoDuration(s.document))));
  return (
    <div
      className={`timeline-slot${drop.over ? ' over' : ''}${keyframe ? ' filled' : ''}`}
      role="group"
      aria-label={t('video.slot.label', { which })}
      {...drop.handlers}
    >
      <span className="slot-title">{label}</span>
      {keyframe ? (
        <button type="button" className="slot-thumb" aria-label={t('video.slot.keyframe', { which, name: keyframe.image.name })} onClick={() => store().selectKeyframe(keyframe.id)}>
          <Thumb assetId={keyframe.image.assetId} />
        </button>
      ) : (
        <span className="slot-empty">{t('video.slot.empty')}</span>
      )}
      <div className="slot-actions">
        <FileButton size="sm" accept={PICTURE_ACCEPT} label={t('video.slot.choose', { which })} onFiles={(files) => pinFiles(files.slice(0, 1), which)}>
          {t(keyframe ? 'video.slot.replaceButton' : 'video.slot.chooseButton')}
        </FileButton>
        {selectedKeyframe && selected !== keyframe?.id && (
          // Named by what it shows first, so speech input finds it by its words; the rest says what moves where.
          <Button size="sm" title={t('video.slot.moveTitle', { which })} aria-label={t('video.slot.move', { which })} onClick={() => store().moveKeyframe(selectedKeyframe.id, end)}>
            {t('video.slot.moveHere')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Seconds along the ruler; frame ticks where they fit. */
function Ruler({ frames }: { frames: number }) {
  const text = useText();
  const seconds = Math.floor((frames - 1) / VIDEO_FPS);
  const ticks = [];
  for (let s = 0; s <= seconds; s++) {
    ticks.push(
      <span key={s} className="ruler-second" style={{ left: `${((s * VIDEO_FPS) / (frames - 1)) * 100}%` }}>
        {text.duration(s)}
      </span>,
    );
    for (let q = 6; q < VIDEO_FPS; q += 6) {
      const f = s * VIDEO_FPS + q;
      if (f < frames) ticks.push(<span key={`${s}-${q}`} className="ruler-tick" style={{ left: `${(f / (frames - 1)) * 100}%` }} />);
    }
  }
  return (
    <div className="timeline-ruler" aria-hidden="true">
      {ticks}
    </div>
  );
}

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function KeyframeMarker({ keyframe, last, track, pastEnd, row }: { keyframe: Keyframe; last: number; track: RefObject<HTMLDivElement | null>; pastEnd: boolean; row: number }) {
  const selected = useCanvasStore((s) => s.selectedKeyframeId === keyframe.id);
  const text = useText();
  const dragging = useRef(false);
  const frameAt = (clientX: number) => {
    const box = track.current!.getBoundingClientRect();
    return Math.round(((clientX - box.left) / box.width) * last);
  };
  const down = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // A pointer the browser does not track (a synthetic event) has no capture to take; the drag still works.
    }
    dragging.current = true;
    store().selectKeyframe(keyframe.id);
    store().beginGesture();
  };
  const move = (e: PointerEvent<HTMLButtonElement>) => {
    if (!dragging.current) return;
    store().moveKeyframe(keyframe.id, frameAt(e.clientX));
  };
  const up = () => {
    if (!dragging.current) return;
    dragging.current = false;
    store().endGesture('Move keyframe');
  };
  const key = (e: KeyboardEvent<HTMLButtonElement>) => {
    const by = e.shiftKey ? VIDEO_FPS : 1;
    const act = {
      ArrowLeft: () => store().nudgeKeyframe(keyframe.id, -by),
      ArrowRight: () => store().nudgeKeyframe(keyframe.id, by),
      Home: () => store().moveKeyframe(keyframe.id, 0),
      End: () => store().moveKeyframe(keyframe.id, last),
      Delete: () => store().removeKeyframe(keyframe.id),
      Backspace: () => store().removeKeyframe(keyframe.id),
    }[e.key];
    if (!act || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    // The canvas's own keys (arrows step results, Delete removes a box) must not act on the same press.
    e.stopPropagation();
    act();
  };
  const shown = Math.min(keyframe.frame, last);
  return (
    <button
      type="button"
      className={`keyframe${selected ? ' selected' : ''}${pastEnd ? ' past-end' : ''}`}
      style={{ left: `${(shown / Math.max(1, last)) * 100}%`, top: `calc(var(--space-2) + ${row * ROW_HEIGHT}px)` }}
      aria-label={text.t(pastEnd ? 'video.keyframe.markerPastEnd' : 'video.keyframe.marker', { at: clipFrameText(keyframe.frame, text), name: keyframe.image.name })}
      aria-pressed={selected}
      aria-keyshortcuts="ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Home End Delete"
      data-frame={keyframe.frame}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onFocus={() => store().selectKeyframe(keyframe.id)}
      onKeyDown={key}
    >
      <span className="keyframe-thumb">
        <Thumb assetId={keyframe.image.assetId} />
      </span>
      <span className="keyframe-time">
        {/* The seconds only: the name and the selected keyframe's view give the frame, and what a marker shows is in its name. */}
        {clipTimeText(keyframe.frame / VIDEO_FPS, text)}
      </span>
    </button>
  );
}

/** What can be done with the selected keyframe. */
function Selected() {
  const keyframe = useCanvasStore((s) => s.document.timeline.keyframes.find((k) => k.id === s.selectedKeyframeId));
  const text = useText();
  const { t } = text;
  if (!keyframe) return <p className="muted timeline-hint">{t('video.keyframe.hint')}</p>;
  return (
    <div className="timeline-selected" aria-label={t('video.keyframe.selected')}>
      <span className="selected-name">
        <span translate="no">{keyframe.image.name}</span> · <strong>{clipFrameText(keyframe.frame, text)}</strong>
      </span>
      <FileButton size="sm" accept={PICTURE_ACCEPT} label={t('video.keyframe.replace.label')} onFiles={(files) => replaceFromFile(keyframe.id, files)}>
        {t('video.keyframe.replace')}
      </FileButton>
      <Button size="sm" variant="danger" onClick={() => store().removeKeyframe(keyframe.id)}>
        {t('video.keyframe.remove')}
      </Button>
    </div>
  );
}

async function replaceFromFile(id: string, files: File[]): Promise<void> {
  const { assets, problems } = await importFiles(files.slice(0, 1));
  if (assets[0]) store().replaceKeyframe(id, imageRefOf(assets[0]));
  if (problems.length > 0) store().say({ kind: 'error', text: (text) => text.t('video.keyframe.notReplaced', { problems: together(problems)(text) }) });
}

/**
 * The keyframe timeline under the canvas (Video only): a ruler in seconds and frames at 24 fps as long as the
 * clip, first and last frame slots, and keyframes dropped anywhere along it, dragged to snap to frames.
 */
export function Timeline() {
  const document = useCanvasStore((s) => s.document);
  const track = useRef<HTMLDivElement>(null);
  const duration = videoDuration(document);
  const frames = clipFrames(duration);
  const last = lastFrame(duration);
  const keyframes = timelineOf(document).keyframes;
  const pastEnd = keyframesPastEnd(document);
  const mode = videoMode(document);
  const width = useWidth(track);
  const rows = markerRows(
    keyframes.map((k) => k.frame),
    last,
    width,
  );
  const frameAt = (e: DragEvent) => {
    const box = track.current!.getBoundingClientRect();
    return Math.round(Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)) * last);
  };
  const drop = useTimelineDrop((transfer, e) => pinDrop(transfer, frameAt(e)));
  const text = useText();
  const { t } = text;
  return (
    <section className="video-timeline" aria-label={t('video.timeline.label')} data-mode={mode}>
      <div className="timeline-bar">
        <h2>
          {t('video.timeline.title')}{' '}
          <span className="muted" aria-label={t('video.timeline.count.label')}>
            {t('video.timeline.count', { count: keyframes.length, max: VIDEO_KEYFRAMES.max })}
          </span>
        </h2>
        <span className="muted">{t('video.timeline.length', { seconds: duration, frames, fps: VIDEO_FPS })}</span>
        {mode !== 'i2v' && mode !== 'draft_enhance' && keyframes.length > 0 && (
          <span className="timeline-note" role="note">
            {t('video.timeline.unused', { mode: videoModeLabel('i2v', text) })}
          </span>
        )}
      </div>
      {pastEnd.length > 0 && (
        <p className="timeline-warning" role="alert" aria-label={t('video.timeline.pastEnd.label')}>
          {t('video.timeline.pastEnd', { count: pastEnd.length, seconds: duration, times: pastEnd.map((k) => clipFrameText(k.frame, text)).join(', ') })}
        </p>
      )}
      <div className="timeline-row">
        <Slot which="first" keyframe={keyframes.find((k) => k.frame === 0)} />
        <div className="timeline-lane">
          <Ruler frames={frames} />
          <div
            ref={track}
            className={`timeline-track${drop.over ? ' over' : ''}`}
            style={{ minHeight: (Math.max(0, ...rows) + 1) * ROW_HEIGHT + 12 }}
            role="group"
            aria-label={t('video.timeline.track', { seconds: duration, fps: VIDEO_FPS })}
            {...drop.handlers}
          >
            {keyframes.length === 0 && <span className="track-empty">{t('video.timeline.empty')}</span>}
            {keyframes.map((k, i) => (
              <KeyframeMarker key={k.id} keyframe={k} last={last} track={track} pastEnd={k.frame > last} row={rows[i] ?? 0} />
            ))}
          </div>
        </div>
        <Slot which="last" keyframe={keyframes.find((k) => k.frame === last)} />
      </div>
      <Selected />
      <PictureShelf />
    </section>
  );
}
