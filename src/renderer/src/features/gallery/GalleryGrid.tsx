import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import { toggleStar } from './actions';
import { FlingGate, SETTLE_MS } from './flingGate';
import { columnsFor } from './galleryModel';
import { galleryUi, useGalleryUi } from './galleryUiStore';
import { itemAt, useGalleryView } from './galleryView';
import { ResultCard } from './ResultCard';
import { useText } from '../../ui/i18n/textStore';

const MIN_CARD = 200;
const GAP = 12;
const CAPTION = 52;

/** What the gallery asks of its grid: how many cards a row holds, and to bring one into view with the focus. */
export interface GridHandle {
  columns(): number;
  reveal(index: number, id: string): void;
}

interface GridProps {
  readonly onKeyDown: (e: KeyboardEvent) => void;
  readonly handle: Ref<GridHandle>;
}

// What a card's clicks change, in the gallery's stores: the same functions at every render, so the memoized cards
// do not render again on every scroll frame.
const showCards = (from: number, to: number) => useGalleryView.getState().show(from, to);
const openMenu = (id: string, at: { x: number; y: number }) => galleryUi.showMenu({ id, ...at });
const star = (item: LibraryItem) => void toggleStar(item).then((note) => note && galleryUi.setNote({ ...note, about: item.id }));
const openStack = (group: string) => galleryUi.refine({ group });

/**
 * The virtualized grid: only the rows on screen are in the page, so a hundred thousand results scroll as smoothly as
 * ten. Their cards come a page at a time from main; a card whose page is on its way is an empty tile.
 * It is its own component because scrolling re-renders whatever holds the virtualizer: here that is the rows on
 * screen, not the gallery's search, filters and menus.
 */
export const GalleryGrid = memo(function GalleryGrid({ onKeyDown, handle }: GridProps) {
  // The cards held and the user's choices, from the stores: the grid renders for them, not for the screen's search,
  // filters and menus.
  const count = useGalleryView((s) => s.total);
  const pages = useGalleryView((s) => s.pages);
  const stacks = useGalleryView((s) => s.stacks);
  const selectedId = useGalleryUi((s) => s.selectedId);
  const picked = useGalleryUi((s) => s.picked);
  const { t } = useText();
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1000);
  const [gate] = useState(() => new FlingGate());
  const columns = columnsFor(width, MIN_CARD, GAP);
  const cardWidth = (width - GAP * (columns - 1)) / columns;
  const rowHeight = cardWidth + CAPTION + GAP;
  const rows = Math.ceil(count / columns);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth - 2));
    observer.observe(el);
    setWidth(el.clientWidth - 2);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useVirtualizer({ count: rows, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 2 });
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);
  const shownRows = virtualizer.getVirtualItems();
  const firstRow = shownRows[0]?.index ?? 0;
  const lastRow = shownRows.at(-1)?.index ?? 0;
  // Pages are asked for where the grid stops, not for every row a fling crosses: like thumbnails, a page that would
  // come as its rows leave the screen costs the core, the wire and the heap for nothing.
  useEffect(() => {
    const show = () => showCards(firstRow * columns, lastRow * columns + columns - 1);
    if (!gate.flinging()) return show();
    const timer = setTimeout(show, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [firstRow, lastRow, columns, gate]);

  useImperativeHandle(
    handle,
    () => ({
      columns: () => columns,
      reveal: (index, id) => {
        if (index < 0 || index >= count) return;
        virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' });
        requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-result="${id}"] .gallery-card-open`)?.focus());
      },
    }),
    [columns, count, virtualizer],
  );

  return (
    <div ref={scroller} className="gallery-scroll" onKeyDown={onKeyDown} onScroll={(e) => gate.scrolled(e.currentTarget.scrollTop)}>
      <div role="list" aria-label={t('gallery.results')} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {shownRows.map((row) => (
          <div
            key={row.key}
            className="gallery-row"
            style={{ transform: `translateY(${row.start}px)`, height: rowHeight - GAP, gridTemplateColumns: `repeat(${columns}, ${cardWidth}px)`, gap: GAP }}
          >
            {Array.from({ length: Math.max(0, Math.min(columns, count - row.index * columns)) }, (_, i) => itemAt(pages, row.index * columns + i)).map((item, i) =>
              item === null ? (
                <div key={`waiting-${i}`} className="gallery-card-waiting" role="listitem" aria-busy="true" />
              ) : (
              <ResultCard
                key={item.id}
                item={item}
                selected={item.id === selectedId}
                picked={picked.includes(item.id)}
                onSelect={galleryUi.select}
                onPick={galleryUi.togglePick}
                onOpen={galleryUi.open}
                onMenu={openMenu}
                onStar={star}
                stack={item.group ? (stacks.get(item.group.id) ?? 0) : 0}
                onOpenStack={openStack}
                gate={gate}
              />
              ),
            )}
          </div>
        ))}
      </div>
    </div>
  );
});
