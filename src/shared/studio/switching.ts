import type { CanvasDocument } from '../canvas/document';
import { documentUse } from '../canvas/request';
import type { EndpointSpec } from '../catalog/endpoint';

/** The one prompt the artist is working on, whichever model it was typed for. */
export function promptOf(endpoint: EndpointSpec | undefined, document: CanvasDocument): string {
  const field = endpoint?.fields.find((f) => f.role === 'prompt');
  const value = endpoint && field ? document.formValues[endpoint.id]?.[field.name] : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * The document prepared for another model: the intent and model change, the prompt travels with the artist,
 * and nothing else is touched (picture, mask, references, margins and boxes stay for when they are used again).
 */
export function switchDocument(document: CanvasDocument, to: EndpointSpec, intent: string, prompt: string): CanvasDocument {
  const field = to.fields.find((f) => f.role === 'prompt');
  const values = { ...(document.formValues[to.id] ?? {}) };
  if (field && prompt !== '') values[field.name] = prompt;
  return { ...document, endpointId: to.id, intent, formValues: { ...document.formValues, [to.id]: values } };
}

/** One thing on the canvas a model will not use; the screen says it in the artist's language. */
export type UnusedThing =
  | { readonly thing: 'prompt' | 'picture' | 'mask' | 'margins' | 'outpaint-frame' }
  | { readonly thing: 'references'; readonly count: number; readonly taken: number }
  | { readonly thing: 'boxes'; readonly count: number };

/** What is on the canvas that a model will not use, for the notice shown on switching to it. */
export function unusedBy(endpoint: EndpointSpec, document: CanvasDocument, o: { maskPainted: boolean; prompt: string }): UnusedThing[] {
  const use = documentUse(endpoint, document);
  const out: UnusedThing[] = [];
  if (o.prompt.trim() !== '' && use.promptField === null) out.push({ thing: 'prompt' });
  if (document.base && use.imageField === null) out.push({ thing: 'picture' });
  if (o.maskPainted && use.maskField === null && !use.alphaMask) out.push({ thing: 'mask' });
  const refs = document.references.length;
  const taken = Math.min(refs, use.referenceFields.length);
  if (refs > taken) out.push({ thing: 'references', count: refs, taken });
  const e = document.expansion;
  if (e.top + e.bottom + e.left + e.right > 0 && use.expandSides.length === 0) out.push({ thing: 'margins' });
  if (document.outpaint && !use.outpaint) out.push({ thing: 'outpaint-frame' });
  if (document.boxes.length > 0 && !use.boxes) out.push({ thing: 'boxes', count: document.boxes.length });
  return out;
}
