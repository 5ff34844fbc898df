import type { MessageId } from '../../../../shared/i18n/catalog';

/**
 * Each model's line in the studio, by its catalog id. The catalog's `summary` is the service reference's English;
 * the studio says it in the artist's language from here. `modelWords.test.ts` holds the table to the catalog.
 */
export const MODEL_SUMMARIES: Readonly<Record<string, MessageId>> = {
  'gen-dev': 'studio.summary.genDev',
  'gen-pro-1.1': 'studio.summary.genPro11',
  'gen-pro-1.1-ultra': 'studio.summary.genPro11Ultra',
  'gen-ctx-max': 'studio.summary.genCtxMax',
  'gen-ctx-pro': 'studio.summary.genCtxPro',
  'gen-pro-1.0-fill': 'studio.summary.genPro10Fill',
  'gen-pro-1.0-expand': 'studio.summary.genPro10Expand',
  'gen-2-flex': 'studio.summary.gen2Flex',
  'gen-2-klein-9b-preview': 'studio.summary.gen2Klein9bPreview',
  'gen-2-pro-preview': 'studio.summary.gen2ProPreview',
  'gen-2-pro': 'studio.summary.gen2Pro',
  'gen-2-max': 'studio.summary.gen2Max',
  'gen-2-klein-4b': 'studio.summary.gen2Klein',
  'gen-2-klein-9b': 'studio.summary.gen2Klein',
  'gen-3-image': 'studio.summary.gen3Image',
  'gen-2-klein-9b-kv-finetuned': 'studio.summary.gen2Finetuned',
  'gen-3-video': 'studio.summary.gen3Video',
  'vto-v2': 'studio.summary.vtoV2',
  'vto-v1': 'studio.summary.vtoV1',
  'deblur-v1': 'studio.summary.deblur',
  'erase-v1': 'studio.summary.erase',
  'outpainting-v1': 'studio.summary.outpainting',
  'video-upscale-v1': 'studio.summary.videoUpscale',
};
