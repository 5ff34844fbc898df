// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS } from './flingGate';
import { ResultCard } from './ResultCard';
import { libraryItem } from './testing/libraryItem';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const item = libraryItem({ id: 'r1', thumbnailUrl: 'gen-media://thumbs/r1.webp', params: { prompt: 'a red door' }, cost: 2.5 });

const none = () => undefined;

function render(flinging: boolean, { picked = false, onSelect = none, onPick = none }: { picked?: boolean; onSelect?: (id: string) => void; onPick?: (id: string) => void } = {}): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() =>
    createRoot(container).render(
      <ResultCard item={item} selected={false} picked={picked} onSelect={onSelect} onPick={onPick} onOpen={none} onMenu={none} onStar={none} stack={0} onOpenStack={none} gate={{ flinging: () => flinging }} />,
    ),
  );
  return container;
}

describe('ResultCard', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows its thumbnail at once when the grid is still or scrolled at a reading pace', () => {
    const card = render(false);
    expect(card.querySelector('img')?.getAttribute('src')).toBe(item.thumbnailUrl);
    expect(card.textContent).toContain('a red door');
    expect(card.textContent).toContain('2.5 credits');
  });

  it('mounted mid-fling, keeps a plain tile until it has stayed on screen a moment', () => {
    const card = render(true);
    expect(card.querySelector('img')).toBeNull();
    expect(card.textContent).toContain('a red door');
    act(() => vi.advanceTimersByTime(SETTLE_MS - 1));
    expect(card.querySelector('img')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(card.querySelector('img')?.getAttribute('src')).toBe(item.thumbnailUrl);
  });

  it('a click selects it; Ctrl+click (⌘ on a Mac) chooses it with others instead, and a chosen card says so', () => {
    const onSelect = vi.fn();
    const onPick = vi.fn();
    const card = render(false, { onSelect, onPick });
    const open = card.querySelector('button.gallery-card-open') as HTMLButtonElement;
    act(() => open.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    act(() => open.dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true })));
    act(() => open.dispatchEvent(new MouseEvent('click', { bubbles: true, metaKey: true })));
    expect(onSelect.mock.calls).toEqual([['r1']]);
    expect(onPick.mock.calls).toEqual([['r1'], ['r1']]);
    expect(open.textContent).not.toContain('chosen');
    const chosen = render(false, { picked: true });
    expect(chosen.querySelector('.gallery-card')?.classList.contains('picked')).toBe(true);
    expect(chosen.querySelector('button.gallery-card-open')?.textContent).toContain(', chosen');
  });
});
