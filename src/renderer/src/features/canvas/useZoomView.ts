import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject, type WheelEvent as ReactWheelEvent } from 'react';
import { actualSizeView, fitView, panBy, wheelFactor, zoomAt } from './konva/viewport';
import type { View } from './store/types';

/**
 * Zoom about the pointer (wheel, pinch), pan (drag), Fit and 100% for a picture shown in a DOM stage, with the
 * canvas viewport's own maths (konva/viewport.ts), so the full view and the canvas zoom, fit and pan alike. Fits
 * once the stage has a size, never enlarging past 100%; `refitKey` changing fits again.
 */
export function useZoomView(stage: RefObject<HTMLDivElement | null>, size: { width: number; height: number }, refitKey: unknown) {
  const [view, setView] = useState<View | null>(null);
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);
  const bounds = { x: 0, y: 0, width: size.width, height: size.height };
  const stageSize = () => ({ width: stage.current?.clientWidth ?? 800, height: stage.current?.clientHeight ?? 600 });

  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const box = { x: 0, y: 0, width: size.width, height: size.height };
    const observer = new ResizeObserver(() => setView((v) => v ?? fitView(box, { width: el.clientWidth, height: el.clientHeight }, { margin: 0, maxScale: 1 })));
    observer.observe(el);
    return () => observer.disconnect();
  }, [stage, size.width, size.height, refitKey]);

  return {
    view,
    fit: () => setView(fitView(bounds, stageSize(), { margin: 0, maxScale: 1 })),
    actual: () => setView(actualSizeView(bounds, stageSize())),
    /** the CSS transform that places the picture */
    transform: view ? `translate(${view.x}px, ${view.y}px) scale(${view.scale})` : undefined,
    handlers: {
      onWheel: (e: ReactWheelEvent) => {
        if (!view || !stage.current) return;
        const rect = stage.current.getBoundingClientRect();
        setView(zoomAt(view, wheelFactor(e.deltaY, e.ctrlKey), { x: e.clientX - rect.left, y: e.clientY - rect.top }));
      },
      onPointerDown: (e: ReactPointerEvent) => {
        if (!view || e.button !== 0) return;
        (e.target as Element).setPointerCapture?.(e.pointerId);
        drag.current = { x: e.clientX, y: e.clientY, view };
      },
      onPointerMove: (e: ReactPointerEvent) => {
        const d = drag.current;
        if (d) setView(panBy(d.view, e.clientX - d.x, e.clientY - d.y));
      },
      onPointerUp: () => (drag.current = null),
      onPointerCancel: () => (drag.current = null),
    },
  };
}
