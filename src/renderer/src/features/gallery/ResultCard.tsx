import { memo, useEffect, useState, type MouseEvent } from 'react';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import { chargedCost } from '../../../../shared/library/charge';
import { dragOut } from './actions';
import { SETTLE_MS, type FlingGate } from './flingGate';
import { useResultPoster } from '../player/posters';
import { isVideo } from '../../../../shared/media/mediaType';
import { durationText, promptText, stackWords, titleOf } from './galleryModel';
import { Icon } from '../../ui/icons';
import { useText } from '../../ui/i18n/textStore';

export interface CardProps {
  readonly item: LibraryItem;
  readonly selected: boolean;
  /** chosen with others (Ctrl+click) for an action on several, such as a batch */
  readonly picked: boolean;
  readonly onSelect: (id: string) => void;
  /** Ctrl+click (⌘ on a Mac): the result joins the chosen ones, or leaves them */
  readonly onPick: (id: string) => void;
  readonly onOpen: (id: string) => void;
  readonly onMenu: (id: string, at: { x: number; y: number }) => void;
  readonly onStar: (item: LibraryItem) => void;
  /** how many results of one Generate or one batch this card stands for (0 or 1: itself only) */
  readonly stack: number;
  readonly onOpenStack: (groupId: string) => void;
  /** says whether the grid is being flung past, when the card's thumbnail would not be worth its fetch and decode */
  readonly gate: Pick<FlingGate, 'flinging'>;
}

/**
 * One result in the grid: its preview whole (never cropped), what made it, a star. Dragging it out of the window
 * hands the other application the file itself: main starts the native drag.
 */
export const ResultCard = memo(function ResultCard({ item, selected, picked, onSelect, onPick, onOpen, onMenu, onStar, stack, onOpenStack, gate }: CardProps) {
  const text = useText();
  const { t } = text;
  const title = titleOf(item, text);
  const cost = chargedCost(item);
  const prompt = promptText(item);
  // A card mounted mid-fling shows a plain tile; if it is still on screen a moment later, its picture comes.
  const [showPicture, setShowPicture] = useState(() => !gate.flinging());
  useEffect(() => {
    if (showPicture) return;
    const timer = setTimeout(() => setShowPicture(true), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [showPicture]);
  useResultPoster(showPicture ? item : null);
  const menu = (e: MouseEvent) => {
    e.preventDefault();
    onSelect(item.id);
    onMenu(item.id, { x: e.clientX, y: e.clientY });
  };
  return (
    <div className={`gallery-card${selected ? ' selected' : ''}${item.discarded ? ' discarded' : ''}${stack > 1 ? ' stacked' : ''}${picked ? ' picked' : ''}`} role="listitem" data-result={item.id}>
      <button
        type="button"
        className="gallery-card-open"
        aria-pressed={selected}
        tabIndex={selected ? 0 : -1}
        draggable
        onDragStart={(e) => {
          // The native drag replaces the browser's: the other application receives the library file.
          e.preventDefault();
          dragOut(item);
        }}
        onClick={(e) => (e.ctrlKey || e.metaKey ? onPick(item.id) : onSelect(item.id))}
        onDoubleClick={() => onOpen(item.id)}
        onContextMenu={menu}
      >
        <span className="gallery-thumb">
          {!showPicture ? null : isVideo(item) && !item.thumbnailUrl ? (
            <video src={`${item.url}#t=0.1`} muted preload="metadata" aria-hidden="true" />
          ) : (
            <img src={item.thumbnailUrl ?? item.url} alt="" loading="lazy" decoding="async" draggable={false} />
          )}
          {picked && (
            <span className="gallery-picked">
              <Icon name="action.chosen" />
            </span>
          )}
          {isVideo(item) && (
            <span className="gallery-badge" aria-label={item.seconds !== null ? t('gallery.card.videoLength', { seconds: Math.round(item.seconds) }) : t('gallery.card.videoUnknown')}>
              <Icon name="action.video" size={12} filled /> {item.seconds !== null ? durationText(item.seconds) : t('gallery.card.video')}
            </span>
          )}
        </span>
        <span className="gallery-caption">
          <span className="gallery-prompt" translate="no">
            {prompt || title}
          </span>
          <span className="muted">
            <span translate="no">{title}</span>
            {item.width && item.height ? ` · ${item.width} × ${item.height}` : ''}
            {cost !== null ? ` · ${text.credits(cost)}` : ''}
          </span>
          {picked && <span className="visually-hidden">{t('gallery.card.chosen')}</span>}
        </span>
      </button>
      {stack > 1 && item.group && (
        <button type="button" className="gallery-stack" tabIndex={-1} onClick={() => onOpenStack(item.group!.id)} aria-label={stackWords(item.group.id, stack, text).show}>
          {stackWords(item.group.id, stack, text).badge}
        </button>
      )}
      <button
        type="button"
        className={`gallery-star${item.starred ? ' on' : ''}`}
        aria-label={t(item.starred ? 'gallery.card.unstar' : 'gallery.card.star', { name: title })}
        aria-pressed={item.starred}
        tabIndex={-1}
        onClick={() => onStar(item)}
      >
        <Icon name="action.star" filled={item.starred} />
      </button>
    </div>
  );
});
