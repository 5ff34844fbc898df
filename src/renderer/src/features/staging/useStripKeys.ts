import { useEffect, useEffectEvent, type RefObject } from 'react';
import { isTyping } from '../canvas/shortcuts';
import { listen } from '../../ui/listen';
import type { PlayerHandle } from '../player/VideoPlayer';
import { acceptResult } from './stagingActions';
import { useStagingStore } from './stagingStore';
import type { StripEntry } from './stripModel';

/** Controls a press of Enter already acts on (a button clicks, a radio or option is chosen), so it is theirs. */
const TAKES_ENTER = 'button, a[href], select, summary, [role="button"], [role="radio"], [role="option"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [role="slider"], [role="listbox"]';

/** Whether Enter pressed with this target accepts the result shown: anywhere in the studio but a text field or a control of its own. */
function enterAccepts(target: EventTarget | null): boolean {
  if (isTyping(target)) return false;
  return !(target instanceof Element && target.closest(TAKES_ENTER) !== null);
}

/**
 * The strip's keys from anywhere in the studio, listened for once (not again at every poll): ← → step through the
 * results from the canvas, Enter accepts the picture shown unless a text field or a control takes the key.
 */
export function useStripKeys(entries: readonly StripEntry[], selected: StripEntry | null, player: RefObject<PlayerHandle | null>, step: (by: number) => void): void {
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (entries.length === 0 || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    if (e.key === 'Enter') {
      if (e.repeat || selected?.status !== 'ready' || player.current || useStagingStore.getState().busy || !enterAccepts(e.target)) return;
      e.preventDefault();
      void acceptResult(selected);
      return;
    }
    const target = e.target;
    const onCanvas = target === document.body || (target instanceof HTMLElement && target.getAttribute('role') === 'application');
    if (onCanvas && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      step(e.key === 'ArrowLeft' ? -1 : 1);
    }
  });
  useEffect(() => listen('keydown', (e) => onKey(e)), []);
}
