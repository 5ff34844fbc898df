import { z } from 'zod';
import { VIDEO_FPS, VIDEO_KEYFRAMES, VIDEO_MAX_SECONDS } from '../catalog/video';
import { AssetIdSchema } from '../tasks/taskRequest';

/**
 * The canvas document as it is saved in a project. The renderer's store holds exactly this shape (plus view
 * state that is not saved), so a project reopens to the same layers, mask, margins, references, boxes and form
 * values. Pixels never live in this JSON: images are assets (content-addressed, by id) and the mask is a PNG
 * blob stored beside the project file, named here.
 *
 * Version 2 added the video timeline; `migrateDocument` brings version-1 files forward.
 */
export const CANVAS_DOCUMENT_VERSION = 2;

/** A project blob file name: what main writes beside the project JSON. Plain names only, no paths. */
export const BlobNameSchema = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,127}$/);

const LayerStateSchema = z.object({ visible: z.boolean(), locked: z.boolean() });
type LayerState = z.infer<typeof LayerStateSchema>;

const LAYER_IDS = ['base', 'mask', 'expansion', 'references', 'boxes'] as const;
const LayerIdSchema = z.enum(LAYER_IDS);
export type LayerId = z.infer<typeof LayerIdSchema>;

const Dimension = z.number().int().min(1).max(65_536);

const ImageRefSchema = z.object({
  assetId: AssetIdSchema,
  name: z.string().max(512),
  width: Dimension,
  height: Dimension,
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

const MaskStateSchema = z.object({
  /** The painted mask as a PNG blob of exactly the base image's size; null while nothing is painted. */
  blob: BlobNameSchema.nullable(),
  /** Overlay colour on screen (`#rrggbb`) and its opacity, 0 to 1. Display only. */
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  opacity: z.number().min(0).max(1),
  /** How the mask is sent: a separate black-and-white image, or the image's alpha channel. */
  exportAs: z.enum(['mask-image', 'alpha']),
});

const ExpansionSchema = z.object({
  top: z.number().int().min(0),
  bottom: z.number().int().min(0),
  left: z.number().int().min(0),
  right: z.number().int().min(0),
});
export type Expansion = z.infer<typeof ExpansionSchema>;

/** The outpainting tool's target canvas and the original's offset inside it, in pixels. */
const OutpaintFrameSchema = z.object({
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  offsetX: z.number().int(),
  offsetY: z.number().int(),
});
export type OutpaintFrame = z.infer<typeof OutpaintFrameSchema>;

/** A bounding box in base-image pixels, with the label the prompt names it by. */
const BoundingBoxSchema = z.object({
  id: z.string().min(1).max(64),
  label: z.string().max(500),
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type BoundingBox = z.infer<typeof BoundingBoxSchema>;

/** A picture the project had before a result replaced it: kept so the artist can go back to it. */
const PictureVersionSchema = z.object({
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
const ResultDecisionSchema = z.object({
  decision: z.enum(['accepted', 'kept', 'discarded']),
  at: z.number(),
  assetId: AssetIdSchema.optional(),
});
export type ResultDecision = z.infer<typeof ResultDecisionSchema>;

/** The longest clip in frames: keyframes of a shortened clip stay where they were, up to this. */
const MAX_FRAME = Math.max(...Object.values(VIDEO_MAX_SECONDS)) * VIDEO_FPS;

/** An image pinned to a frame of the video (24 fps; frame 0 is the first). */
const KeyframeSchema = z.object({
  id: z.string().min(1).max(64),
  image: ImageRefSchema,
  frame: z.number().int().min(0).max(MAX_FRAME),
});
export type Keyframe = z.infer<typeof KeyframeSchema>;

/** A video the clip starts from: the clip to continue or the draft to enhance. */
const VideoRefSchema = z.object({
  assetId: AssetIdSchema,
  name: z.string().max(512),
  seconds: z.number().nonnegative().nullable(),
  /** The library result it came from, when it did (a draft keeps its keyframes, prompt and seed). */
  resultId: z.string().max(200).nullable(),
});
export type VideoRef = z.infer<typeof VideoRefSchema>;

/** The video timeline: keyframes in frame order, never two on one frame; the source video for the modes that take one. */
const TimelineSchema = z.object({
  keyframes: z.array(KeyframeSchema).max(VIDEO_KEYFRAMES.max),
  source: VideoRefSchema.nullable(),
});
export type Timeline = z.infer<typeof TimelineSchema>;

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
  /** The video timeline (version 2 on). */
  timeline: TimelineSchema,
});
export type CanvasDocument = z.infer<typeof CanvasDocumentSchema>;

/** The blob files a document refers to: main keeps these beside the project and removes the rest. */
export function documentBlobNames(document: CanvasDocument): string[] {
  return document.mask.blob === null ? [] : [document.mask.blob];
}

/** The asset ids a document refers to (so an asset clean-up never removes one a project still uses). */
export function documentAssetIds(document: CanvasDocument): string[] {
  const ids = [
    ...document.references.map((ref) => ref.assetId),
    ...(document.versions ?? []).map((v) => v.image.assetId),
    ...document.timeline.keyframes.map((k) => k.image.assetId),
  ];
  if (document.timeline.source) ids.push(document.timeline.source.assetId);
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
    timeline: { keyframes: [], source: null },
  };
}

/**
 * Brings a saved document of an older version to the current shape; anything else passes through untouched
 * (for the schema to refuse). Version 1 had no timeline: it opens with an empty one.
 */
function migrateDocument(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const old = raw as Record<string, unknown>;
  if (old.version === 1) return { ...old, version: CANVAS_DOCUMENT_VERSION, timeline: { keyframes: [], source: null } };
  return raw;
}

/** A document as stored on disk or in an archive: any known version, read as the current one. */
export const StoredDocumentSchema = z.preprocess(migrateDocument, CanvasDocumentSchema);

/**
 * Reads a saved document of any known version. Answers the zod error for anything else so the caller can set
 * the file aside with a message.
 */
export function parseDocument(raw: unknown): ReturnType<typeof CanvasDocumentSchema.safeParse> {
  return CanvasDocumentSchema.safeParse(migrateDocument(raw));
}
