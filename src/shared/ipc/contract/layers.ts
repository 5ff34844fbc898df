import { z } from 'zod';
import { LAYERED_FORMATS } from '../../layers/layeredDocument';
import { ProjectIdSchema } from '../../projects/projectId';
import { call } from '../define';
import { AssetInfoSchema } from './assets';

export type { LayeredIntake } from './layeredIntake';

/** What a layered file is made of: a studio project (with the result shown over it, if any) or a gallery result. */
const LayeredSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('project'), projectId: ProjectIdSchema, shownResultId: z.string().min(1).max(200).nullable() }),
  z.object({ kind: z.literal('result'), resultId: z.string().min(1).max(200) }),
]);
export type LayeredSource = z.infer<typeof LayeredSourceSchema>;

const LayeredFormatSchema = z.enum(LAYERED_FORMATS);

export const layerCalls = {
  /**
   * Saves a PSD or OpenRaster file where the artist chooses (the save dialog): every version as a layer, the
   * mask, the frame, the references and the boxes. `saved` false when the dialog was cancelled.
   */
  'layers.export': call(z.object({ source: LayeredSourceSchema, format: LayeredFormatSchema }), z.object({ saved: z.boolean(), fileName: z.string().nullable() })),
  /** The same file, written to a temporary folder and dragged out of the window to another application. */
  'layers.startDrag': call(z.object({ source: LayeredSourceSchema, format: LayeredFormatSchema }), z.object({ started: z.boolean() })),
  /**
   * One layer of a file `assets.import` answered with `layered`, stored as a picture of the document's size (the
   * layer at its place, transparent elsewhere), or its mask (layer mask, else its transparency) as a grey mask.
   */
  'layers.take': call(
    z.object({ token: z.string().max(100), index: z.number().int().nonnegative(), use: z.enum(['picture', 'mask']) }),
    AssetInfoSchema,
  ),
};
