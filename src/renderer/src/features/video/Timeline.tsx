import { PICTURE_ACCEPT } from '../../../../shared/layers/layeredFiles';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { Keyframe } from '../../../../shared/canvas/document';
import { clipFrames, formatFrame, keyframesPastEnd, lastFrame, timelineOf, timeText, videoDuration, videoMode } from '../../../../shared/canvas/timeline';
import { VIDEO_FPS, VIDEO_KEYFRAMES } from '../../../../shared/catalog/video';
import { Button } from '../../ui/Button';
import { FileButton } from '../../ui/FileButton';
import { imageRefOf, importFiles } from '../canvas/assets';
import { useCanvasStore } from '../canvas/canvasStore';
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
  const label = which === 'first' ? 'First frame' : 'Last frame';
  const selected = useCanvasStore((s) => s.selectedKeyframeId);
  const selectedKeyframe = useCanvasStore((s) => s.document.timeline.keyframes.find((k) => k.id === s.selectedKeyframeId));
  const end = useCanvasStore((s) => (which === 'first' ? 0 : lastFrame(videoDuration(s.document))));
  return (
    <div
      className={`timeline-slot${drop.over ? ' over' : ''}${keyframe ? ' filled' : ''}`}
      role="group"
      aria-label={`${label} slot`}
      {...drop.handlers}
    >
      <span className="slot-title">{label}</span>
      {keyframe ? (
        <button type="button" className="slot-thumb" aria-label={`${label}: ${keyframe.image.name}`} onClick={() => store().selectKeyframe(keyframe.id)}>
          <Thumb assetId={keyframe.image.assetId} />
        </button>
      ) : (
        <span className="slot-empty">Drop an image</span>
      )}
      <div className="slot-actions">
        <FileButton size="sm" accept={PICTURE_ACCEPT} label={`Choose the ${label.toLowerCase()}`} onFiles={(files) => pinFiles(files.slice(0, 1), which)}>
          {keyframe ? 'Replace…' : 'Choose…'}
        </FileButton>
        {selectedKeyframe && selected !== keyframe?.id && (
          <Button size="sm" title={`Move the selected keyframe to the ${label.toLowerCase()}`} onClick={() => store().moveKeyframe(selectedKeyframe.id, end)}>
            {/* Named by what it shows first, so speech input finds it by its words; the rest says what moves where. */}
            Move here<span className="visually-hidden">: the selected keyframe, to the {label.toLowerCase()}</span>
          </Button>
        )}
      </div>
    </div>
  );
}

/** Seconds along the ruler; frame ticks where they fit. */
function Ruler({ frames }: { frames: number }) {
  const seconds = Math.floor((frames - 1) / VIDEO_FPS);
  const ticks = [];
  for (let s = 0; s <= seconds; s++) {
    ticks.push(
      <span key={s} className="ruler-second" style={{ left: `${((s * VIDEO_FPS) / (frames - 1)) * 100}%` }}>
        {s} s
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
      aria-label={`Keyframe at ${formatFrame(keyframe.frame)}: ${keyframe.image.name}${pastEnd ? ' (after the end of the clip)' : ''}`}
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
        {timeText(keyframe.frame / VIDEO_FPS)}
      </span>
    </button>
  );
}

/** What can be done with the selected keyframe. */
function Selected() {
  const keyframe = useCanvasStore((s) => s.document.timeline.keyframes.find((k) => k.id === s.selectedKeyframeId));
  if (!keyframe) return <p className="muted timeline-hint">Select a keyframe to move it: drag it, or ← → a frame (Shift: a second), Home/End to the ends, Delete to remove.</p>;
  return (
    <div className="timeline-selected" aria-label="Selected keyframe">
      <span className="selected-name">
        {keyframe.image.name} · <strong>{formatFrame(keyframe.frame)}</strong>
      </span>
      <FileButton size="sm" accept={PICTURE_ACCEPT} label="Replace the selected keyframe's image" onFiles={(files) => replaceFromFile(keyframe.id, files)}>
        Replace image…
      </FileButton>
      <Button size="sm" variant="danger" onClick={() => store().removeKeyframe(keyframe.id)}>
        Remove keyframe
      </Button>
    </div>
  );
}

async function replaceFromFile(id: string, files: File[]): Promise<void> {
  const { assets, problems } = await importFiles(files.slice(0, 1));
  if (assets[0]) store().replaceKeyframe(id, imageRefOf(assets[0]));
  if (problems.length > 0) store().say({ kind: 'error', text: `${problems.join(' ')} The keyframe was not changed.` });
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
  return (
    <section className="video-timeline" aria-label="Keyframe timeline" data-mode={mode}>
      <div className="timeline-bar">
        <h3>
          Keyframes <span className="muted" aria-label="Keyframe count">{keyframes.length} of {VIDEO_KEYFRAMES.max}</span>
        </h3>
        <span className="muted">
          {duration} s · {frames} frames at {VIDEO_FPS} fps
        </span>
        {mode !== 'i2v' && mode !== 'draft_enhance' && keyframes.length > 0 && (
          <span className="timeline-note" role="note">
            Keyframes are used by “From keyframes”; this mode leaves them out.
          </span>
        )}
      </div>
      {pastEnd.length > 0 && (
        <p className="timeline-warning" role="alert" aria-label="Keyframes after the end">
          {pastEnd.length === 1 ? 'One keyframe lies' : `${pastEnd.length} keyframes lie`} after the end of this {duration} s clip ({pastEnd.map((k) => formatFrame(k.frame)).join(', ')}). They are kept: move them inside or make the clip longer. Nothing is sent
          until then.
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
            aria-label={`Timeline, ${duration} seconds at ${VIDEO_FPS} fps: drop images to pin them`}
            {...drop.handlers}
          >
            {keyframes.length === 0 && <span className="track-empty">Drop images here to pin them at that time, or use the first and last frame slots.</span>}
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
