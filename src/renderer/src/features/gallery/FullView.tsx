import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type WheelEvent as ReactWheelEvent } from 'react';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import type { AssetInfo, LibraryItem } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { ReleaseBadge } from '../home/EndpointCard';
import { creditsText } from '../queue/taskText';
import { dragOut, type ActionNote } from './actions';
import { beforeInputOf, isVideo, promptText, titleOf } from './galleryModel';
import { actionForKey, type ResultAction } from './resultActions';
import { frameAsKeyframe, frameAsPicture } from '../player/frameActions';
import { PlayerControls } from '../player/PlayerControls';
import { usePlayer } from '../player/usePlayer';
import '../player/player.css';
import { openCanvas } from './actions';

type Compare = 'off' | 'slider' | 'side';

interface View {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

/** The scale and offset that fit an image of this size inside the stage, centred; never enlarged past 100%. */
function fitView(stage: { width: number; height: number }, image: { width: number; height: number }): View {
  const scale = Math.min(1, stage.width / image.width, stage.height / image.height);
  return { scale, x: (stage.width - image.width * scale) / 2, y: (stage.height - image.height * scale) / 2 };
}

function useInputAssets(item: LibraryItem): Map<string, AssetInfo | null> {
  const [assets, setAssets] = useState(new Map<string, AssetInfo | null>());
  useEffect(() => {
    let live = true;
    void Promise.all(item.inputs.map(async (i) => [`${i.field}:${i.time ?? ''}`, await gen.assets.get({ id: i.assetId })] as const)).then((found) => {
      if (live) setAssets(new Map(found.map(([k, r]) => [k, r.ok ? r.value : null])));
    });
    return () => {
      live = false;
    };
  }, [item]);
  return assets;
}

/**
 * One result large: zoom (wheel, Fit, 100%) and pan (drag), the previous and next result with the arrow keys,
 * its inputs, parameters and costs, a before/after comparison for edits, and every action.
 */
export function FullView(props: {
  item: LibraryItem;
  position: string;
  actions: ResultAction[];
  note: ActionNote | null;
  onRun: (action: ResultAction) => void;
  onStep: (delta: number) => void;
  onClose: () => void;
}) {
  const { item, actions, onStep, onClose } = props;
  const stage = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View | null>(null);
  const [compare, setCompare] = useState<Compare>('off');
  const [split, setSplit] = useState(50);
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);
  const assets = useInputAssets(item);
  const before = beforeInputOf(item);
  const beforeAsset = before ? (assets.get(`${before.field}:${before.time ?? ''}`) ?? null) : null;
  const size = { width: item.width ?? 1, height: item.height ?? 1 };
  const endpoint = findEndpoint(item.endpointId);
  const video = isVideo(item);
  const player = usePlayer(item.url);

  const stageSize = () => ({ width: stage.current?.clientWidth ?? 800, height: stage.current?.clientHeight ?? 600 });
  const fit = () => setView(fitView(stageSize(), size));
  const actual = () => {
    const s = stageSize();
    setView({ scale: 1, x: (s.width - size.width) / 2, y: (s.height - size.height) / 2 });
  };
  // The result opens fitted, once the stage has a size (the parent keys this view by result).
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setView((v) => v ?? fitView({ width: el.clientWidth, height: el.clientHeight }, { width: item.width ?? 1, height: item.height ?? 1 })));
    observer.observe(el);
    return () => observer.disconnect();
  }, [item.width, item.height, compare]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A clip shown: Space plays it, comma and period step a frame, Shift+arrows a second.
      if (video && player.key(e, 'full-view')) {
        e.preventDefault();
        return;
      }
      if ((e.target as HTMLElement | null)?.closest('input, textarea, select')) return;
      if (e.key === 'Escape') onClose();
      else if (e.key === 'ArrowRight') onStep(1);
      else if (e.key === 'ArrowLeft') onStep(-1);
      else if (e.key === '0' || e.key === 'f') fit();
      else if (e.key === '1') actual();
      else {
        // The same shortcuts as on a selected card: star, reuse, rerun, copy, save as, delete…
        const wanted = actionForKey(e);
        const action = wanted ? actions.find((a) => a.id === wanted) : undefined;
        if (!action) return;
        props.onRun(action);
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const onWheel = (e: ReactWheelEvent) => {
    if (!view || !stage.current) return;
    const rect = stage.current.getBoundingClientRect();
    const px = e.clientX - rect.left;
    const py = e.clientY - rect.top;
    const scale = Math.max(0.05, Math.min(16, view.scale * Math.exp(-e.deltaY * 0.0015)));
    // Zoom about the pointer: the pixel under it stays under it.
    setView({ scale, x: px - ((px - view.x) * scale) / view.scale, y: py - ((py - view.y) * scale) / view.scale });
  };
  const onPointerDown = (e: ReactPointerEvent) => {
    if (!view || e.button !== 0) return;
    (e.target as Element).setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, view };
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (d) setView({ ...d.view, x: d.view.x + e.clientX - d.x, y: d.view.y + e.clientY - d.y });
  };
  const endDrag = () => (drag.current = null);

  const transform = view ? `translate(${view.x}px, ${view.y}px) scale(${view.scale})` : undefined;
  const media = video ? (
    <video {...player.videoProps} src={item.url} poster={item.thumbnailUrl ?? undefined} aria-label="The clip" className="full-media" style={{ width: size.width, height: size.height }} />
  ) : (
    <img src={item.url} alt={promptText(item) || item.fileName} className="full-media" style={{ width: size.width, height: size.height }} draggable={false} />
  );

  return (
    <div className="full-view" role="dialog" aria-modal="true" aria-label="Result">
      <div className="full-main">
        <div className="full-toolbar" role="toolbar" aria-label="View">
          <button type="button" className="button" onClick={() => onStep(-1)} aria-label="Previous result">
            ‹
          </button>
          <span className="muted">{props.position}</span>
          <button type="button" className="button" onClick={() => onStep(1)} aria-label="Next result">
            ›
          </button>
          <span className="full-sep" />
          <button type="button" className="button" onClick={fit}>
            Fit
          </button>
          <button type="button" className="button" onClick={actual}>
            100%
          </button>
          <span className="muted" aria-label="Zoom">
            {view ? `${Math.round(view.scale * 100)}%` : ''}
          </span>
          {beforeAsset && (
            <>
              <span className="full-sep" />
              <span className="muted">Before / after</span>
              <div className="segmented" role="radiogroup" aria-label="Compare with the input">
                {(['off', 'slider', 'side'] as const).map((c) => (
                  <button key={c} type="button" role="radio" aria-checked={compare === c} className={`button${compare === c ? ' active' : ''}`} onClick={() => setCompare(c)}>
                    {c === 'off' ? 'Off' : c === 'slider' ? 'Slider' : 'Side by side'}
                  </button>
                ))}
              </div>
              {compare === 'slider' && (
                <input type="range" min={0} max={100} value={split} aria-label="Before and after split" onChange={(e) => setSplit(Number(e.target.value))} />
              )}
            </>
          )}
          <span className="full-spacer" />
          <span
            className="button full-drag"
            draggable
            role="button"
            tabIndex={-1}
            title="Drag this into another application to give it the file"
            onDragStart={(e) => {
              e.preventDefault();
              dragOut(item);
            }}
          >
            ⇱ Drag out
          </span>
          <button type="button" className="button" onClick={onClose} aria-label="Close">
            ✕
          </button>
        </div>
        {compare === 'side' && beforeAsset ? (
          <div className="full-side">
            <figure>
              <img src={beforeAsset.url} alt="Before" />
              <figcaption className="muted">Before</figcaption>
            </figure>
            <figure>
              <img src={item.url} alt="After" />
              <figcaption className="muted">After</figcaption>
            </figure>
          </div>
        ) : (
          <div
            ref={stage}
            className="full-stage"
            onWheel={onWheel}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
          >
            <div className="full-layer" style={{ transform }}>
              {media}
              {compare === 'slider' && beforeAsset && (
                <img
                  src={beforeAsset.url}
                  alt="Before"
                  className="full-media full-before"
                  style={{ width: size.width, height: size.height, clipPath: `inset(0 ${100 - split}% 0 0)` }}
                  draggable={false}
                />
              )}
            </div>
            {compare === 'slider' && <div className="full-split" style={{ left: `${split}%` }} aria-hidden="true" />}
          </div>
        )}
        {video && (
          <PlayerControls player={player}>
            <button
              type="button"
              className="button primary button-sm"
              onClick={() => {
                const el = player.videoRef.current;
                if (el) props.onRun({ id: 'frame-picture', label: 'Use this frame as the picture', run: () => frameAsPicture(el, item.fileName, openCanvas) });
              }}
            >
              Use this frame as the picture
            </button>
            <button
              type="button"
              className="button button-sm"
              onClick={() => {
                const el = player.videoRef.current;
                if (el) props.onRun({ id: 'frame-keyframe', label: 'Pin as a keyframe', run: () => frameAsKeyframe(el, item.fileName, openCanvas) });
              }}
            >
              Pin as a keyframe
            </button>
          </PlayerControls>
        )}
      </div>
      <aside className="full-details" aria-label="Result details">
        <h2>{titleOf(item)}</h2>
        {endpoint && <ReleaseBadge endpoint={endpoint} />}
        {promptText(item) && <p className="full-prompt">{promptText(item)}</p>}
        {props.note && (
          <p className={props.note.kind === 'error' ? 'inline-error' : 'muted'} role="status">
            {props.note.text}
          </p>
        )}
        <div className="full-actions" role="group" aria-label="Actions">
          {actions.map((a) => (
            <button key={a.id} type="button" className="button" onClick={() => props.onRun(a)} title={a.keys} aria-keyshortcuts={a.keys}>
              {a.label}
            </button>
          ))}
        </div>
        {item.inputs.length > 0 && (
          <>
            <h3>Inputs</h3>
            <ul className="full-inputs" aria-label="Inputs">
              {item.inputs.map((i) => {
                const asset = assets.get(`${i.field}:${i.time ?? ''}`);
                return (
                  <li key={`${i.field}:${i.time ?? ''}`}>
                    {asset ? <img src={asset.thumbnailUrl ?? asset.url} alt={i.field} /> : <span className="full-input-missing">{asset === null ? 'not stored' : '…'}</span>}
                    <span className="muted small">
                      {i.field}
                      {i.time !== undefined ? ` @ ${i.time}s` : ''}
                    </span>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        <dl className="facts">
          <dt>Seed</dt>
          <dd>{item.seed ?? '—'}</dd>
          <dt>Size</dt>
          <dd>{item.width && item.height ? `${item.width} × ${item.height}` : '—'}</dd>
          <dt>Cost</dt>
          <dd>{creditsText(item.cost) ?? '—'}</dd>
          <dt>Megapixels</dt>
          <dd>
            {item.inputMp !== null ? `in ${item.inputMp}` : ''}
            {item.outputMp !== null ? ` out ${item.outputMp}` : ''}
          </dd>
          {item.submittedAt && item.readyAt && (
            <>
              <dt>Took</dt>
              <dd>{((item.readyAt - item.submittedAt) / 1000).toFixed(1)} s from sending to ready</dd>
            </>
          )}
          <dt>Made</dt>
          <dd>{new Date(item.createdAt).toLocaleString()}</dd>
          <dt>Via</dt>
          <dd>{item.connectionLabel}</dd>
          <dt>File</dt>
          <dd>
            <code>{item.fileName}</code>
          </dd>
        </dl>
        {Object.keys(item.params).length > 0 && (
          <table className="fields" aria-label="Parameters">
            <tbody>
              {Object.entries(item.params).map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{k.replace(/_/g, ' ')}</th>
                  <td>{typeof v === 'string' ? v : JSON.stringify(v)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {item.metadataLost && <p className="inline-error">The details of this result could not be read; only the file is known.</p>}
      </aside>
    </div>
  );
}
