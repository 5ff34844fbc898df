/**
 * Gathers what arrives within a frame and hands it over together, once, before the frame is drawn: a store that
 * made a new state per event would redraw its screens per event (a 500-cell sheet filling at full speed brings
 * dozens of task and cell events a frame). A window that draws no frames (hidden, minimised) still hears within
 * `fallbackMs`.
 */
export function frameBatch<T>(flush: (items: T[]) => void, fallbackMs = 100): { push(item: T): void; drop(match: (item: T) => boolean): void; cancel(): void } {
  let items: T[] = [];
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    if (frame !== null) cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = null;
    timer = null;
  };
  const run = () => {
    stop();
    const taken = items;
    items = [];
    if (taken.length > 0) flush(taken);
  };
  return {
    push(item) {
      items.push(item);
      frame ??= requestAnimationFrame(run);
      timer ??= setTimeout(run, fallbackMs);
    },
    /** Forgets what is waiting and matches: a later, whole answer has made it stale. */
    drop(match) {
      items = items.filter((i) => !match(i));
    },
    cancel() {
      stop();
      items = [];
    },
  };
}
