import { pictures } from '../i18n/pictureWords';
import { refusedWith } from '../i18n/refusal';
import type { LayerExports } from '../layers/layerExports';
import type { LayeredIntakeService } from '../layers/layeredIntake';
import type { HandlersFor } from './types';

export function layerHandlers(exports: LayerExports, intake: LayeredIntakeService): HandlersFor<'layers.export' | 'layers.startDrag' | 'layers.take'> {
  return {
    'layers.export': ({ source, format }) => exports.export(source, format),
    'layers.startDrag': async ({ source, format }, context) => {
      if (!context?.startDrag) throw refusedWith('invalid-request', pictures.noDragHere);
      await exports.dragOut(source, format, context.startDrag);
      return { started: true };
    },
    'layers.take': ({ token, index, use }) => intake.take(token, index, use),
  };
}
