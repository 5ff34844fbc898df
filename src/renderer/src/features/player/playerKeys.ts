import { VIDEO_FPS } from '../../../../shared/catalog/video';

/** What a key asks the player to do. */
export type PlayerCommand = { readonly kind: 'toggle' } | { readonly kind: 'step'; readonly frames: number } | { readonly kind: 'first' } | { readonly kind: 'last' };

export type KeyLike = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/**
 * The player's keys, after video editors and web players: Space plays and pauses, comma and period step a frame,
 * Shift+← → a second, Home and End go to the first and last frame. `scope` says where the press came from: the
 * player itself takes them all; the strip or the full view showing it hands on only those it has no use for
 * (Space, comma, period; the full view also Shift+arrows), so their own arrows and Home/End keep their meaning.
 */
export function playerCommand(e: KeyLike, scope: 'player' | 'strip' | 'full-view'): PlayerCommand | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === ' ' || e.key === 'Spacebar') return { kind: 'toggle' };
  if (e.key === ',' || e.key === '<') return { kind: 'step', frames: -1 };
  if (e.key === '.' || e.key === '>') return { kind: 'step', frames: 1 };
  if (scope === 'strip') return null;
  if (e.shiftKey && e.key === 'ArrowLeft') return { kind: 'step', frames: -VIDEO_FPS };
  if (e.shiftKey && e.key === 'ArrowRight') return { kind: 'step', frames: VIDEO_FPS };
  if (scope === 'full-view') return null;
  if (e.key === 'Home') return { kind: 'first' };
  if (e.key === 'End') return { kind: 'last' };
  return null;
}
