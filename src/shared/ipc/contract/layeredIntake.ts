import { z } from 'zod';

/** One layer of a layered file just taken in, for the picker: its name, a small preview and what it can give. */
const LayerChoiceSchema = z.object({
  index: z.number().int().nonnegative(),
  name: z.string(),
  hidden: z.boolean(),
  /** a small PNG preview as a data: address */
  thumbnail: z.string(),
  /** it has a layer mask (its white becomes the studio mask's "change") */
  hasMask: z.boolean(),
  /** something in it is transparent (its transparent pixels become "change", as Mask from alpha does) */
  hasTransparency: z.boolean(),
});

/** A layered file was taken in as its composite; these are its layers, kept for `layers.take` under `token`. */
export const LayeredIntakeSchema = z.object({
  token: z.string(),
  /** PSD, PSB, OpenRaster or TIFF */
  kind: z.string(),
  layers: z.array(LayerChoiceSchema),
});
export type LayeredIntake = z.infer<typeof LayeredIntakeSchema>;
