import { useCanvasStore } from './canvasStore';

export interface Shortcut {
  /** As shown in the help overlay. */
  readonly keys: string;
  readonly does: string;
  readonly matches: (e: KeyboardEvent) => boolean;
  readonly run: (ctx: ShortcutContext) => void;
}

export interface ShortcutContext {
  fit(): void;
  actualSize(): void;
  zoomBy(factor: number): void;
}

const mod = (e: KeyboardEvent) => e.ctrlKey || e.metaKey;
const plain = (e: KeyboardEvent, key: string) => !mod(e) && !e.altKey && e.key.toLowerCase() === key;
const store = () => useCanvasStore.getState();

/** Every canvas shortcut, once: the key handler and the help overlay both read this list. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'B', does: 'Brush', matches: (e) => plain(e, 'b'), run: () => store().setTool('brush') },
  { keys: 'E', does: 'Eraser', matches: (e) => plain(e, 'e'), run: () => store().setTool('eraser') },
  { keys: 'X', does: 'Swap paint and erase', matches: (e) => plain(e, 'x'), run: () => store().swapPaint() },
  { keys: 'R', does: 'Rectangle', matches: (e) => plain(e, 'r'), run: () => store().setTool('rect') },
  { keys: 'O', does: 'Ellipse', matches: (e) => plain(e, 'o'), run: () => store().setTool('ellipse') },
  { keys: 'L', does: 'Lasso', matches: (e) => plain(e, 'l'), run: () => store().setTool('lasso') },
  { keys: 'M', does: 'Bounding box', matches: (e) => plain(e, 'm'), run: () => store().setTool('box') },
  { keys: 'V', does: 'Move and pan', matches: (e) => plain(e, 'v'), run: () => store().setTool('move') },
  { keys: '[', does: 'Smaller brush', matches: (e) => !mod(e) && e.key === '[', run: () => store().setBrush({ size: store().brush.size / 1.2 }) },
  { keys: ']', does: 'Larger brush', matches: (e) => !mod(e) && e.key === ']', run: () => store().setBrush({ size: store().brush.size * 1.2 + 1 }) },
  { keys: 'Space + drag', does: 'Pan (or drag with the middle button)', matches: () => false, run: () => {} },
  { keys: 'Ctrl+0', does: 'Fit to window', matches: (e) => mod(e) && e.key === '0', run: (c) => c.fit() },
  { keys: 'Ctrl+1', does: '100%', matches: (e) => mod(e) && e.key === '1', run: (c) => c.actualSize() },
  { keys: 'Ctrl++ / Ctrl+−', does: 'Zoom in and out (or the wheel, or pinch)', matches: (e) => mod(e) && (e.key === '+' || e.key === '=' || e.key === '-'), run: () => {} },
  { keys: 'Ctrl+Z', does: 'Undo', matches: (e) => mod(e) && !e.shiftKey && e.key.toLowerCase() === 'z', run: () => store().undo() },
  { keys: 'Ctrl+Shift+Z', does: 'Redo (also Ctrl+Y)', matches: (e) => mod(e) && ((e.shiftKey && e.key.toLowerCase() === 'z') || e.key.toLowerCase() === 'y'), run: () => store().redo() },
  { keys: 'Delete', does: 'Remove the selected box', matches: (e) => e.key === 'Delete' || e.key === 'Backspace', run: () => {
    const { selectedBoxId, changeLayer, selectBox, document } = store();
    if (!selectedBoxId || !document.boxes.some((b) => b.id === selectedBoxId)) return;
    if (changeLayer('boxes', 'Remove box', (d) => ({ ...d, boxes: d.boxes.filter((b) => b.id !== selectedBoxId) }))) selectBox(null);
  } },
  { keys: '?', does: 'Show or hide this list', matches: (e) => e.key === '?', run: () => store().toggleHelp() },
  { keys: 'Esc', does: 'Close this list', matches: (e) => e.key === 'Escape', run: () => store().toggleHelp(false) },
];

/** Typing in a field never triggers a canvas shortcut (except undo and redo there stay the field's own). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // Sliders, checkboxes and the like take no text, so the canvas's keys (undo above all) still work there.
  if (target instanceof HTMLInputElement && NOT_TEXT.has(target.type)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
const NOT_TEXT = new Set(['range', 'checkbox', 'radio', 'color', 'button', 'submit', 'reset', 'file']);

export function handleShortcut(e: KeyboardEvent, ctx: ShortcutContext): boolean {
  if (isTyping(e.target)) return false;
  if (mod(e) && (e.key === '+' || e.key === '=')) {
    ctx.zoomBy(1.25);
    return true;
  }
  if (mod(e) && e.key === '-') {
    ctx.zoomBy(0.8);
    return true;
  }
  const hit = SHORTCUTS.find((s) => s.matches(e));
  if (!hit) return false;
  hit.run(ctx);
  return true;
}
