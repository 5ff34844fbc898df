import { useEffect, useRef } from 'react';
import { useCanvasStore } from '../canvasStore';

/**
 * One undo step per visit to a control: every change made while it has focus (each keystroke in a number, each
 * tick of a slider, each colour the picker passes through) merges into one step that closes when focus leaves.
 * Painting tools work the same way: one stroke, one step.
 */
export function useEditGesture(label: string): { onFocus: () => void; onBlur: () => void } {
  const open = useRef(false);
  const latest = useRef(label);
  useEffect(() => {
    latest.current = label;
  }, [label]);
  // A control removed while it has focus (the endpoint changed under it) still closes its step.
  useEffect(
    () => () => {
      if (open.current) useCanvasStore.getState().endGesture(latest.current);
    },
    [],
  );
  return {
    onFocus: () => {
      open.current = true;
      useCanvasStore.getState().beginGesture();
    },
    onBlur: () => {
      if (!open.current) return;
      open.current = false;
      useCanvasStore.getState().endGesture(latest.current);
    },
  };
}
