import { useEffect, useState, type RefObject } from 'react';

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The stage's box inside the canvas column, followed as the window and the panels change size. */
export function useStageBox(stage: RefObject<HTMLDivElement | null>): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => setBox({ left: el.offsetLeft, top: el.offsetTop, width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [stage]);
  return box;
}
