import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useZoomView } from '../canvas/useZoomView';
import { FullViewDetails } from './FullViewDetails';
import type { AssetInfo, LibraryItem } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { dragOut, type ResultNote } from './actions';
import { isVideo } from '../../../../shared/media/mediaType';
import { beforeInputOf, inputKey, promptText } from './galleryModel';
import { actionForKey, type ResultAction } from './resultActions';
import { FrameButtons } from '../staging/FrameButtons';
import { PlayerControls } from '../player/PlayerControls';
import { usePlayer } from '../player/usePlayer';
import '../player/player.css';
import { openCanvas } from './actions';
import { Icon } from '../../ui/icons';
import { useText } from '../../ui/i18n/textStore';

type Compare = 'off' | 'slider' | 'side';

function useInputAssets(item: LibraryItem): Map<string, AssetInfo | null> {
  const [assets, setAssets] = useState(new Map<string, AssetInfo | null>());
  useEffect(() => {
    let live = true;
    void Promise.all(item.inputs.map(async (i) => [inputKey(i), await gen.assets.get({ id: i.assetId })] as const)).then((found) => {
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
  note: ResultNote | null;
  onRun: (action: ResultAction) => void;
  onStep: (delta: number) => void;
  onClose: () => void;
}) {
  // Long (over 80 lines) for its markup: the toolbar, the stage and the player controls around one picture or clip;
  // its maths are in useZoomView, its side in FullViewDetails.
  const { item, actions, onStep, onClose } = props;
  const stage = useRef<HTMLDivElement>(null);
  const [compare, setCompare] = useState<Compare>('off');
  const [split, setSplit] = useState(50);
  const assets = useInputAssets(item);
  const before = beforeInputOf(item);
  const beforeAsset = before ? (assets.get(inputKey(before)) ?? null) : null;
  const size = { width: item.width ?? 1, height: item.height ?? 1 };
  const video = isVideo(item);
  const player = usePlayer(item.url);
  const { t } = useText();

  const zoom = useZoomView(stage, size, compare);
  const { view, fit, actual } = zoom;

  // Attached once: the handler reads the latest props and state (an effect event), so a clip playing at 24 frames a
  // second no longer takes the listener off and puts it back on every render.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
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
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const media = video ? (
    <video {...player.videoProps} src={item.url} poster={item.thumbnailUrl ?? undefined} aria-label={t('gallery.full.clip')} className="full-media" style={{ width: size.width, height: size.height }} />
  ) : (
    <img src={item.url} alt={promptText(item) || item.fileName} translate="no" className="full-media" style={{ width: size.width, height: size.height }} draggable={false} />
  );

  return (
    <div className="full-view" role="dialog" aria-modal="true" aria-label={t('gallery.full.label')}>
      <div className="full-main">
        <div className="full-toolbar" role="toolbar" aria-label={t('gallery.full.toolbar')}>
          <button type="button" className="button" onClick={() => onStep(-1)} aria-label={t('gallery.full.previous')}>
            <Icon name="action.previous" />
          </button>
          <span className="muted">{props.position}</span>
          <button type="button" className="button" onClick={() => onStep(1)} aria-label={t('gallery.full.next')}>
            <Icon name="action.next" />
          </button>
          <span className="full-sep" />
          <button type="button" className="button" onClick={fit}>
            {t('gallery.full.fit')}
          </button>
          <button type="button" className="button" onClick={actual}>
            100%
          </button>
          <span className="muted" aria-label={t('gallery.full.zoom')}>
            {view ? `${Math.round(view.scale * 100)}%` : ''}
          </span>
          {beforeAsset && (
            <>
              <span className="full-sep" />
              <span className="muted">{t('gallery.full.beforeAfter')}</span>
              <div className="segmented" role="radiogroup" aria-label={t('gallery.full.compare')}>
                {(['off', 'slider', 'side'] as const).map((c) => (
                  <button key={c} type="button" role="radio" aria-checked={compare === c} className={`button${compare === c ? ' active' : ''}`} onClick={() => setCompare(c)}>
                    {t(c === 'off' ? 'gallery.full.compareOff' : c === 'slider' ? 'gallery.full.compareSlider' : 'gallery.full.compareSide')}
                  </button>
                ))}
              </div>
              {compare === 'slider' && (
                <input type="range" min={0} max={100} value={split} aria-label={t('gallery.full.split')} onChange={(e) => setSplit(Number(e.target.value))} />
              )}
            </>
          )}
          <span className="full-spacer" />
          <span
            className="button full-drag"
            draggable
            role="button"
            tabIndex={-1}
            title={t('gallery.full.dragTitle')}
            onDragStart={(e) => {
              e.preventDefault();
              dragOut(item);
            }}
          >
            <Icon name="action.dragOut" /> {t('gallery.full.drag')}
          </span>
          <button type="button" className="button" onClick={onClose} aria-label={t('ui.close')}>
            <Icon name="action.close" />
          </button>
        </div>
        {compare === 'side' && beforeAsset ? (
          <div className="full-side">
            <figure>
              <img src={beforeAsset.url} alt={t('gallery.full.before')} />
              <figcaption className="muted">{t('gallery.full.before')}</figcaption>
            </figure>
            <figure>
              <img src={item.url} alt={t('gallery.full.after')} />
              <figcaption className="muted">{t('gallery.full.after')}</figcaption>
            </figure>
          </div>
        ) : (
          <div
            ref={stage}
            className="full-stage"
            {...zoom.handlers}
          >
            <div className="full-layer" style={{ transform: zoom.transform }}>
              {media}
              {compare === 'slider' && beforeAsset && (
                <img
                  src={beforeAsset.url}
                  alt={t('gallery.full.before')}
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
            <FrameButtons
              onUse={(a) => {
                const el = player.videoRef.current;
                if (el) props.onRun({ id: a.id, label: a.label, run: () => a.run(el, item.fileName, openCanvas) });
              }}
            />
          </PlayerControls>
        )}
      </div>
      <FullViewDetails item={item} assets={assets} actions={actions} note={props.note} onRun={props.onRun} />
    </div>
  );
}
