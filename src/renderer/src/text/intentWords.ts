import type { MessageId } from '../../../shared/i18n/catalog';
import type { IntentId } from '../../../shared/studio/intents';

/** Each intent's name and line, from the catalogs: on Start's cards and in the studio's picker alike. */
export const INTENT_WORDS: Readonly<Record<IntentId, { label: MessageId; description: MessageId }>> = {
  create: { label: 'intent.create', description: 'intent.create.description' },
  edit: { label: 'intent.edit', description: 'intent.edit.description' },
  inpaint: { label: 'intent.inpaint', description: 'intent.inpaint.description' },
  expand: { label: 'intent.expand', description: 'intent.expand.description' },
  outpaint: { label: 'intent.outpaint', description: 'intent.outpaint.description' },
  'try-on': { label: 'intent.tryOn', description: 'intent.tryOn.description' },
  'clean-up': { label: 'intent.cleanUp', description: 'intent.cleanUp.description' },
  video: { label: 'intent.video', description: 'intent.video.description' },
  'upscale-video': { label: 'intent.upscaleVideo', description: 'intent.upscaleVideo.description' },
};
