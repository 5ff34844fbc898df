import type { MessageId } from '../../../../shared/i18n/catalog';
import { useCanvasStore } from './canvasStore';

export interface Shortcut {
  /** The key as pressed: a letter or sign shown as it is, or (`words`) a key whose name each language writes its own way (Strg, Entf). */
  readonly keys: string | { readonly words: MessageId };
  readonly does: MessageId;
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
  { keys: 'B', does: 'canvas.tool.brush', matches: (e) => plain(e, 'b'), run: () => store().setTool('brush') },
  { keys: 'E', does: 'canvas.tool.eraser', matches: (e) => plain(e, 'e'), run: () => store().setTool('eraser') },
  { keys: 'X', does: 'canvas.shortcut.swap', matches: (e) => plain(e, 'x'), run: () => store().swapPaint() },
  { keys: 'R', does: 'canvas.tool.rect', matches: (e) => plain(e, 'r'), run: () => store().setTool('rect') },
  { keys: 'O', does: 'canvas.tool.ellipse', matches: (e) => plain(e, 'o'), run: () => store().setTool('ellipse') },
  { keys: 'L', does: 'canvas.tool.lasso', matches: (e) => plain(e, 'l'), run: () => store().setTool('lasso') },
  { keys: 'M', does: 'canvas.tool.box', matches: (e) => plain(e, 'm'), run: () => store().setTool('box') },
  { keys: 'V', does: 'canvas.tool.move', matches: (e) => plain(e, 'v'), run: () => store().setTool('move') },
  { keys: '[', does: 'canvas.shortcut.smaller', matches: (e) => !mod(e) && e.key === '[', run: () => store().setBrush({ size: store().brush.size / 1.2 }) },
  { keys: ']', does: 'canvas.shortcut.larger', matches: (e) => !mod(e) && e.key === ']', run: () => store().setBrush({ size: store().brush.size * 1.2 + 1 }) },
  { keys: { words: 'canvas.key.spaceDrag' }, does: 'canvas.shortcut.pan', matches: () => false, run: () => {} },
  { keys: { words: 'canvas.key.ctrl0' }, does: 'canvas.zoom.fitLabel', matches: (e) => mod(e) && e.key === '0', run: (c) => c.fit() },
  { keys: { words: 'canvas.key.ctrl1' }, does: 'canvas.shortcut.actual', matches: (e) => mod(e) && e.key === '1', run: (c) => c.actualSize() },
  { keys: { words: 'canvas.key.ctrlPlusMinus' }, does: 'canvas.shortcut.zoom', matches: (e) => mod(e) && (e.key === '+' || e.key === '=' || e.key === '-'), run: () => {} },
  { keys: { words: 'canvas.key.ctrlZ' }, does: 'canvas.undo', matches: (e) => mod(e) && !e.shiftKey && e.key.toLowerCase() === 'z', run: () => store().undo() },
  { keys: { words: 'canvas.key.ctrlShiftZ' }, does: 'canvas.shortcut.redo', matches: (e) => mod(e) && ((e.shiftKey && e.key.toLowerCase() === 'z') || e.key.toLowerCase() === 'y'), run: () => store().redo() },
  { keys: { words: 'canvas.key.delete' }, does: 'canvas.shortcut.removeBox', matches: (e) => e.key === 'Delete' || e.key === 'Backspace', run: () => {
    const { selectedBoxId, changeLayer, selectBox, document } = store();
    if (!selectedBoxId || !document.boxes.some((b) => b.id === selectedBoxId)) return;
    if (changeLayer('boxes', 'Remove box', (d) => ({ ...d, boxes: d.boxes.filter((b) => b.id !== selectedBoxId) }))) selectBox(null);
  } },
  { keys: '?', does: 'canvas.shortcut.help', matches: (e) => e.key === '?', run: () => store().toggleHelp() },
  { keys: { words: 'canvas.key.esc' }, does: 'canvas.shortcut.close', matches: (e) => e.key === 'Escape', run: () => store().toggleHelp(false) },
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
