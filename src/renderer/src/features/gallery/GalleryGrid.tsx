import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import { FlingGate } from './flingGate';
import { columnsFor } from './galleryModel';
import { ResultCard, type CardProps } from './ResultCard';

const MIN_CARD = 200;
const GAP = 12;
const CAPTION = 52;

/** What the gallery asks of its grid: how many cards a row holds, and to bring one into view with the focus. */
export interface GridHandle {
  columns(): number;
  reveal(index: number): void;
}

interface GridProps extends Pick<CardProps, 'onSelect' | 'onOpen' | 'onMenu' | 'onStar' | 'onOpenStack'> {
  readonly shown: readonly LibraryItem[];
  /** how many variations each stacked group holds */
  readonly stacks: ReadonlyMap<string, number>;
  readonly selectedId: string | null;
  readonly onKeyDown: (e: KeyboardEvent) => void;
  readonly handle: Ref<GridHandle>;
}

/**
 * The virtualized grid: only the rows on screen are in the page, so ten thousand results scroll as smoothly as ten.
 * It is its own component because scrolling re-renders whatever holds the virtualizer: here that is the rows on
 * screen, not the gallery's search, filters and menus.
 */
export const GalleryGrid = memo(function GalleryGrid({ shown, stacks, selectedId, onSelect, onOpen, onMenu, onStar, onOpenStack, onKeyDown, handle }: GridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1000);
  const [gate] = useState(() => new FlingGate());
  const columns = columnsFor(width, MIN_CARD, GAP);
  const cardWidth = (width - GAP * (columns - 1)) / columns;
  const rowHeight = cardWidth + CAPTION + GAP;
  const rows = Math.ceil(shown.length / columns);

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

  useImperativeHandle(
    handle,
    () => ({
      columns: () => columns,
      reveal: (index) => {
        const item = shown[index];
        if (!item) return;
        virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' });
        requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-result="${item.id}"] .gallery-card-open`)?.focus());
      },
    }),
    [columns, shown, virtualizer],
  );

  return (
    <div ref={scroller} className="gallery-scroll" onKeyDown={onKeyDown} onScroll={(e) => gate.scrolled(e.currentTarget.scrollTop)}>
      <div role="list" aria-label="Results" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            className="gallery-row"
            style={{ transform: `translateY(${row.start}px)`, height: rowHeight - GAP, gridTemplateColumns: `repeat(${columns}, ${cardWidth}px)`, gap: GAP }}
          >
            {shown.slice(row.index * columns, row.index * columns + columns).map((item) => (
              <ResultCard
                key={item.id}
                item={item}
                selected={item.id === selectedId}
                onSelect={onSelect}
                onOpen={onOpen}
                onMenu={onMenu}
                onStar={onStar}
                stack={item.group ? (stacks.get(item.group.id) ?? 0) : 0}
                onOpenStack={onOpenStack}
                gate={gate}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
});
