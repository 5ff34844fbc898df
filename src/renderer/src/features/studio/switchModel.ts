import { findEndpoint } from '../../../../shared/catalog/catalog';
import { getIntent, intentFor, intentModels, type IntentId } from '../../../../shared/studio/intents';
import { promptOf, switchDocument, unusedBy } from '../../../../shared/studio/switching';
import { unusedText } from './unusedWords';
import { selectEndpoint, useCanvasStore } from '../canvas/canvasStore';
import { isBlank } from '../canvas/mask/maskBuffer';
import { toolAfterSwitch } from '../canvas/offeredTools';
import { documentUse } from '../../../../shared/canvas/request';
import { useStudioStore } from '../../store/studioStore';

/**
 * Prepares the document for another model (and intent) as one undo step: the prompt travels, nothing on the
 * canvas is lost, and a notice says what the new model will not use. Any notice about the previous model goes.
 */
export function switchModel(endpointId: string, intentId?: IntentId): void {
  const to = findEndpoint(endpointId);
  if (!to) return;
  const s = useCanvasStore.getState();
  const from = selectEndpoint(s);
  const intent = intentFor(intentId ?? s.document.intent, to.id);
  // A model without a prompt (deblur, erase) passes on the prompt it was handed, so it reaches the next model.
  const studio = useStudioStore.getState();
  const prompt = from.fields.some((f) => f.role === 'prompt') ? promptOf(from, s.document) : studio.carriedPrompt;
  studio.carry(prompt);
  s.say(null);
  const fromUse = documentUse(from, s.document);
  s.change(`Switch to ${to.title}`, (d) => switchDocument(d, to, intent.id, prompt));
  const after = useCanvasStore.getState().document;
  const tool = toolAfterSwitch(s.tool, fromUse, documentUse(to, after));
  if (tool !== s.tool) s.setTool(tool);
  const unused = unusedBy(to, after, { maskPainted: s.mask !== null && !isBlank(s.mask), prompt });
  useStudioStore.getState().say(unused.length > 0 ? { kind: 'info', text: (text) => unusedText(to.title, unused, text), about: to.id } : null);
}

/** Opens an intent on its default model, or on the model the document already uses when the intent has it. */
export function switchIntent(intentId: IntentId): void {
  const intent = getIntent(intentId);
  if (!intent) return;
  const current = useCanvasStore.getState().document.endpointId;
  const model = intent.models.includes(current) ? current : intentModels(intent)[0]?.id;
  if (model) switchModel(model, intent.id);
}
