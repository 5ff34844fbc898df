import { z } from 'zod';
import { AssetIdSchema } from '../tasks/taskRequest';

/**
 * The canvas document as it is saved in a project. The renderer's store holds exactly this shape (plus view
 * state that is not saved), so a project reopens to the same layers, mask, margins, references, boxes and form
 * values. Pixels never live in this JSON: images are assets (content-addressed, by id) and the mask is a PNG
 * blob stored beside the project file, named here.
 *
 * Version 1. A later version (the video timeline) adds fields; `migrateDocument` brings old files forward.
 */
export const CANVAS_DOCUMENT_VERSION = 1;

/** A project blob file name: what main writes beside the project JSON. Plain names only, no paths. */
export const BlobNameSchema = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,127}$/);

export const LayerStateSchema = z.object({ visible: z.boolean(), locked: z.boolean() });
export type LayerState = z.infer<typeof LayerStateSchema>;

export const LAYER_IDS = ['base', 'mask', 'expansion', 'references', 'boxes'] as const;
export const LayerIdSchema = z.enum(LAYER_IDS);
export type LayerId = z.infer<typeof LayerIdSchema>;

const Dimension = z.number().int().min(1).max(65_536);

export const ImageRefSchema = z.object({
  assetId: AssetIdSchema,
  name: z.string().max(512),
  width: Dimension,
  height: Dimension,
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

export const MaskStateSchema = z.object({
  /** The painted mask as a PNG blob of exactly the base image's size; null while nothing is painted. */
  blob: BlobNameSchema.nullable(),
  /** Overlay colour on screen (`#rrggbb`) and its opacity, 0 to 1. Display only. */
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  opacity: z.number().min(0).max(1),
  /** How the mask is sent: a separate black-and-white image, or the image's alpha channel. */
  exportAs: z.enum(['mask-image', 'alpha']),
});

export const ExpansionSchema = z.object({
  top: z.number().int().min(0),
  bottom: z.number().int().min(0),
  left: z.number().int().min(0),
  right: z.number().int().min(0),
});
export type Expansion = z.infer<typeof ExpansionSchema>;

/** The outpainting tool's target canvas and the original's offset inside it, in pixels. */
export const OutpaintFrameSchema = z.object({
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  offsetX: z.number().int(),
  offsetY: z.number().int(),
});
export type OutpaintFrame = z.infer<typeof OutpaintFrameSchema>;

/** A bounding box in base-image pixels, with the label the prompt names it by. */
export const BoundingBoxSchema = z.object({
  id: z.string().min(1).max(64),
  label: z.string().max(500),
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type BoundingBox = z.infer<typeof BoundingBoxSchema>;

/** A picture the project had before a result replaced it: kept so the artist can go back to it. */
export const PictureVersionSchema = z.object({
  image: ImageRefSchema,
  /** When it stopped being the picture. */
  replacedAt: z.number(),
  /** The task whose result replaced it, when one did. */
  replacedBy: z.string().max(200).nullable(),
});
export type PictureVersion = z.infer<typeof PictureVersionSchema>;

/**
 * What the artist did with a result of the project: each takes it out of the results strip. `accepted` names
 * the picture it became (the result itself, or the result kept inside the mask only), so an undone accept
 * brings the result back to the strip.
 */
export const ResultDecisionSchema = z.object({
  decision: z.enum(['accepted', 'kept', 'discarded']),
  at: z.number(),
  assetId: AssetIdSchema.optional(),
});
export type ResultDecision = z.infer<typeof ResultDecisionSchema>;

export const CanvasDocumentSchema = z.object({
  version: z.literal(CANVAS_DOCUMENT_VERSION),
  /** The endpoint the document is prepared for; switching keeps every other endpoint's values. */
  endpointId: z.string().min(1).max(200),
  /** What the artist set out to do (the studio's intent); absent in documents saved before the studio. */
  intent: z.string().min(1).max(40).optional(),
  /** Form values per endpoint id, as the catalog-driven form holds them. */
  formValues: z.record(z.string(), z.record(z.string(), z.json())),
  base: ImageRefSchema.nullable(),
  layers: z.record(LayerIdSchema, LayerStateSchema),
  mask: MaskStateSchema,
  expansion: ExpansionSchema,
  outpaint: OutpaintFrameSchema.nullable(),
  references: z.array(ImageRefSchema).max(32),
  boxes: z.array(BoundingBoxSchema).max(64),
  /** Earlier pictures of the project, newest first. Absent in files saved before versions existed. */
  versions: z.array(PictureVersionSchema).max(500).optional(),
  /** The artist's decision on each result of the project, by task id. */
  resultDecisions: z.record(z.string().max(200), ResultDecisionSchema).optional(),
});
export type CanvasDocument = z.infer<typeof CanvasDocumentSchema>;

/** The blob files a document refers to: main keeps these beside the project and removes the rest. */
export function documentBlobNames(document: CanvasDocument): string[] {
  return document.mask.blob === null ? [] : [document.mask.blob];
}

/** The asset ids a document refers to (so an asset clean-up never removes one a project still uses). */
export function documentAssetIds(document: CanvasDocument): string[] {
  const ids = [...document.references.map((ref) => ref.assetId), ...(document.versions ?? []).map((v) => v.image.assetId)];
  if (document.base) ids.unshift(document.base.assetId);
  return [...new Set(ids)];
}

export function emptyDocument(endpointId: string): CanvasDocument {
  const layer = (): LayerState => ({ visible: true, locked: false });
  return {
    version: CANVAS_DOCUMENT_VERSION,
    endpointId,
    formValues: {},
    base: null,
    layers: { base: layer(), mask: layer(), expansion: layer(), references: layer(), boxes: layer() },
    mask: { blob: null, color: '#ff3b6b', opacity: 0.5, exportAs: 'mask-image' },
    expansion: { top: 0, bottom: 0, left: 0, right: 0 },
    outpaint: null,
    references: [],
    boxes: [],
  };
}

/**
 * Reads a saved document of any known version. Answers the zod error for anything else so the caller can set
 * the file aside with a message.
 */
export function parseDocument(raw: unknown): ReturnType<typeof CanvasDocumentSchema.safeParse> {
  return CanvasDocumentSchema.safeParse(raw);
}
