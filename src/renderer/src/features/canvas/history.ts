import type { CanvasDocument } from '../../../../shared/canvas/document';
import type { MaskBuffer } from './mask/maskBuffer';
import type { MaskTile } from './mask/tiles';

/** One undo step: a change of the document, of the mask's pixels, or both (loading an image does both). */
export interface HistoryEntry {
  readonly label: string;
  readonly document?: { readonly before: CanvasDocument; readonly after: CanvasDocument };
  /** Mask tiles holding the other side of the change; undo and redo swap them in place. */
  readonly tiles?: readonly MaskTile[];
  /** A whole mask buffer (a picture of another size replaced the mask); undo and redo swap it with the store's. */
  readonly maskSwap?: { mask: MaskBuffer | null };
}

export interface HistoryLimits {
  readonly maxEntries: number;
  /** Bytes of mask tiles kept across all entries. */
  readonly maxBytes: number;
}

const DEFAULT_HISTORY_LIMITS: HistoryLimits = { maxEntries: 200, maxBytes: 96 * 1024 * 1024 };

const measure = (e: HistoryEntry) => (e.tiles ?? []).reduce((n, t) => n + t.data.length, 0) + (e.maskSwap?.mask?.data.length ?? 0) + (e.document ? 2048 : 0);

/**
 * Undo and redo stacks, capped by steps and by bytes so memory stays flat however long the user paints: the
 * oldest steps go first. A new edit clears the redo stack.
 */
export class History {
  private undoStack: HistoryEntry[] = [];
  private redoStack: HistoryEntry[] = [];
  private bytes = 0;
  /**
   * What each entry weighed when it came in. A mask swap holds the other side's buffer, which after an undo may be
   * another size, so measuring again when the entry leaves would let the total drift.
   */
  private readonly weight = new WeakMap<HistoryEntry, number>();

  constructor(private readonly limits: HistoryLimits = DEFAULT_HISTORY_LIMITS) {}

  push(entry: HistoryEntry): void {
    const bytes = measure(entry);
    this.weight.set(entry, bytes);
    this.undoStack.push(entry);
    this.bytes += bytes;
    for (const dropped of this.redoStack) this.bytes -= this.bytesOf(dropped);
    this.redoStack = [];
    while (this.undoStack.length > 1 && (this.undoStack.length > this.limits.maxEntries || this.bytes > this.limits.maxBytes)) {
      this.bytes -= this.bytesOf(this.undoStack.shift()!);
    }
  }

  /** The entry to undo; it moves to the redo stack. */
  undo(): HistoryEntry | undefined {
    const entry = this.undoStack.pop();
    if (entry) this.redoStack.push(entry);
    return entry;
  }

  redo(): HistoryEntry | undefined {
    const entry = this.redoStack.pop();
    if (entry) this.undoStack.push(entry);
    return entry;
  }

  private bytesOf(entry: HistoryEntry): number {
    return this.weight.get(entry) ?? 0;
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
    this.bytes = 0;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }
  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }
  get undoLabel(): string | undefined {
    return this.undoStack.at(-1)?.label;
  }
  get redoLabel(): string | undefined {
    return this.redoStack.at(-1)?.label;
  }
  get size(): { entries: number; bytes: number } {
    return { entries: this.undoStack.length + this.redoStack.length, bytes: this.bytes };
  }
}
