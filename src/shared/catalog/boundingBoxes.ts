/**
 * The third-generation image endpoint takes bounding boxes as a JSON list appended to the end of the prompt;
 * there is no separate parameter. The element shape is not in the interface document: this is the catalog's
 * inference, and the one place that composes and reads it (canvas, request builder and sandbox alike).
 */

export const BOUNDING_BOX_SHAPE_INFERRED =
  'the document says boxes are a JSON list appended to the prompt but not their fields; ' +
  'each box is {"label", "box": [x_min, y_min, x_max, y_max]} in 0 to 1000 of the output size';

/** Coordinates are normalised to 0..1000 so a box means the same region at every output resolution. */
export const BOX_SCALE = 1000;

export interface BoundingBox {
  readonly label: string;
  /** [x_min, y_min, x_max, y_max], integers from 0 to 1000. */
  readonly box: readonly [number, number, number, number];
}

export function serializeBoundingBoxes(boxes: readonly BoundingBox[]): string {
  return JSON.stringify(boxes.map((b) => ({ label: b.label, box: [...b.box] })));
}

/** The prompt as it is sent: the user's words, then the box list. No list is appended when there are no boxes. */
export function appendBoundingBoxes(prompt: string, boxes: readonly BoundingBox[]): string {
  if (boxes.length === 0) return prompt;
  const words = prompt.trimEnd();
  return words.length === 0 ? serializeBoundingBoxes(boxes) : `${words} ${serializeBoundingBoxes(boxes)}`;
}

function isBox(value: unknown): value is BoundingBox {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { label?: unknown; box?: unknown };
  return (
    typeof v.label === 'string' &&
    Array.isArray(v.box) &&
    v.box.length === 4 &&
    v.box.every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

/** Splits a sent prompt back into the words and the boxes; a prompt without a trailing list has no boxes. */
export function splitBoundingBoxes(sent: string): { prompt: string; boxes: BoundingBox[] } {
  const trimmed = sent.trimEnd();
  if (!trimmed.endsWith(']')) return { prompt: sent, boxes: [] };
  for (let start = trimmed.lastIndexOf('['); start >= 0; start = trimmed.lastIndexOf('[', start - 1)) {
    try {
      const parsed: unknown = JSON.parse(trimmed.slice(start));
      if (Array.isArray(parsed) && parsed.length > 0 && parsed.every(isBox)) {
        return { prompt: trimmed.slice(0, start).trimEnd(), boxes: parsed };
      }
    } catch {
      // Not a JSON list from here; try an earlier bracket.
    }
    if (start === 0) break;
  }
  return { prompt: sent, boxes: [] };
}

/** A sent prompt as a caption says it: the words, then the boxes by their labels, never the JSON list the service reads. */
export function promptForDisplay(sent: string): string {
  const { prompt, boxes } = splitBoundingBoxes(sent);
  if (boxes.length === 0) return sent;
  const named = boxes.map((b) => b.label.trim()).filter(Boolean);
  const what = `${boxes.length} ${boxes.length === 1 ? 'box' : 'boxes'}${named.length > 0 ? `: ${named.join(', ')}` : ''}`;
  return prompt.trim() ? `${prompt.trim()} · ${what}` : what;
}
