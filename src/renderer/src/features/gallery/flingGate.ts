/** Faster than this, a row crosses the window in a fraction of a second: its thumbnail would arrive as it leaves. */
const FLING_PX_PER_S = 3000;
/** A card that stays on screen this long during a fling is worth its thumbnail after all. */
export const SETTLE_MS = 150;
/** A scroll this long ago says nothing about the speed now. */
const STALE_MS = 100;

/**
 * Tells whether the grid is being flung past, as photo libraries do: cards that stream by faster than anyone can
 * look at them keep a plain tile instead of fetching and decoding a thumbnail each, which on a software-rastered
 * machine is most of a frame. A jump (Page Down, a notification opening a result) is one scroll after a pause,
 * so it is never a fling and its cards load at once.
 */
export class FlingGate {
  private top = 0;
  private at = -Infinity;
  private speed = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Call on every scroll of the grid with its scrollTop. */
  scrolled(top: number): void {
    const at = this.now();
    const dt = at - this.at;
    // The first scroll after a pause is a jump, not a speed.
    this.speed = dt > STALE_MS ? 0 : (Math.abs(top - this.top) / Math.max(dt, 1)) * 1000;
    this.top = top;
    this.at = at;
  }

  flinging(): boolean {
    return this.now() - this.at <= STALE_MS && this.speed > FLING_PX_PER_S;
  }
}
