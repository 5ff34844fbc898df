import { z } from 'zod';
import { findEndpoint } from '../catalog/catalog';
import { referenceFieldNames } from '../catalog/common';
import type { EndpointSpec } from '../catalog/endpoint';
import type { JsonValue } from '../catalog/field';
import { problemOf, type Problem } from '../i18n/problem';
import { words, type Words } from '../i18n/words';
import { AssetIdSchema } from '../tasks/taskRequest';

/** A batch bigger than this is refused when planned: a bounded bill and a list the artist can still read. */
/** How a batch's id starts; the id is also its task group's, so the gallery can name a batch's stack as one. */
export const BATCH_ID_PREFIX = 'bt-';
export const isBatchGroup = (groupId: string): boolean => groupId.startsWith(BATCH_ID_PREFIX);
/** A batch's id, the one schema for it: in every call about a batch and in its file, whose name it is. */
export const BatchIdSchema = z.string().regex(new RegExp(`^${BATCH_ID_PREFIX}[0-9a-f-]{36}$`));

export const MAX_BATCH_PICTURES = 500;
export const MAX_BATCH_ITEMS = 2000;
/** The most the expand model adds on one side. */
export const MAX_EXPAND_SIDE = 2048;

/** What one tool does to every picture, in the artist's words. */
export const BATCH_TOOLS = ['deblur', 'erase', 'try-on', 'expand', 'edit'] as const;
export type BatchTool = (typeof BATCH_TOOLS)[number];

export const BATCH_TOOL_WORDS: Readonly<Record<BatchTool, { suffix: string; models: readonly string[] }>> = {
  deblur: { suffix: 'deblur', models: ['deblur-v1'] },
  erase: { suffix: 'erase', models: ['erase-v1'] },
  'try-on': { suffix: 'try-on', models: ['vto-v2', 'vto-v1'] },
  expand: { suffix: 'expand', models: ['gen-pro-1.0-expand'] },
  edit: { suffix: 'edit', models: ['gen-2-flex', 'gen-2-pro', 'gen-ctx-pro', 'gen-ctx-max', 'gen-3-image', 'gen-2-max'] },
};

/** A tool as the select of `batch.tool.label` names it (an ICU select key has no hyphen). */
export const batchToolKey = (tool: BatchTool): string => (tool === 'try-on' ? 'tryOn' : tool);

/** A batch's name: its tool and how many pictures it was given ("Sharpen (deblur) · 7 pictures"). */
export const batchName = (tool: BatchTool, pictures: number): Words => words('batch.name', { tool: batchToolKey(tool), count: pictures });

/** A picture of the batch: an asset, its size, and the name its results are named after. */
export const BatchPictureSchema = z.object({
  assetId: AssetIdSchema,
  /** the source file's name ("IMG_0042.jpg"); its stem names the results */
  name: z.string().min(1).max(255),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type BatchPicture = z.infer<typeof BatchPictureSchema>;

/** A target shape for Expand: its label names the files ("9x16", "story"). */
export const BatchFormatSchema = z.object({
  label: z.string().min(1).max(40),
  ratioW: z.number().positive().max(100),
  ratioH: z.number().positive().max(100),
});
export type BatchFormat = z.infer<typeof BatchFormatSchema>;

/** Social formats offered by name, each a ratio; the file is named by its key. */
export const SOCIAL_FORMATS: readonly (BatchFormat & { words: string })[] = [
  { label: 'square-post', ratioW: 1, ratioH: 1, words: 'Square post (1:1)' },
  { label: 'portrait-post', ratioW: 4, ratioH: 5, words: 'Portrait post (4:5)' },
  { label: 'story', ratioW: 9, ratioH: 16, words: 'Story or reel (9:16)' },
  { label: 'video-thumbnail', ratioW: 16, ratioH: 9, words: 'Video thumbnail (16:9)' },
  { label: 'pin', ratioW: 2, ratioH: 3, words: 'Pin (2:3)' },
];

/** What the batch does, to which pictures: everything but where its files go, which only main decides. */
export const BatchSettingsSchema = z.object({
  tool: z.enum(BATCH_TOOLS),
  endpointId: z.string().min(1).max(100),
  pictures: z.array(BatchPictureSchema).min(1).max(MAX_BATCH_PICTURES),
  /** Erase: one mask, scaled to each picture */
  mask: BatchPictureSchema.nullable().default(null),
  /** Try-on: the one picture every picture of the batch is paired with, and which side the batch's pictures are */
  partner: BatchPictureSchema.nullable().default(null),
  picturesAre: z.enum(['garments', 'people']).default('garments'),
  /** Expand: the shapes each picture is grown to */
  formats: z.array(BatchFormatSchema).max(12).default([]),
  /** Edit (required) and Expand (optional) */
  prompt: z.string().max(4000).default(''),
});
export type BatchSettings = z.infer<typeof BatchSettingsSchema>;
export type BatchSettingsInput = z.input<typeof BatchSettingsSchema>;

/**
 * A folder the artist picked in main's folder dialog, as the renderer refers to it: main answers the dialog with
 * this handle and keeps the path, so a batch writes only where the artist chose, never to a path a renderer made up.
 */
export const FolderHandleSchema = z.string().regex(/^fo-[0-9a-f-]{36}$/);

/** A batch as the renderer asks for it: its settings and the handle of the folder chosen for it. */
export const BatchAskSchema = BatchSettingsSchema.extend({ outputFolder: FolderHandleSchema });
export type BatchAsk = z.infer<typeof BatchAskSchema>;

/** A batch as main runs and saves it: its settings and the folder the handle stood for, an absolute path. */
export const BatchSpecSchema = BatchSettingsSchema.extend({ outputDir: z.string().min(1).max(4096) });
export type BatchSpec = z.infer<typeof BatchSpecSchema>;

/** One request of the batch: a picture (in one format) and the file its result is written as. */
export interface BatchItem {
  readonly index: number;
  readonly picture: number;
  readonly format: string | null;
  /** the output file's name without its extension, which the result's own format decides */
  readonly outputStem: string;
  readonly endpointId: string;
  readonly params: Record<string, JsonValue>;
  /** media fields by asset id; `scaledMask` is filled in main, where the mask is scaled to the picture */
  readonly inputs: Record<string, string>;
  /** Erase: the mask field, to be filled with the mask scaled to this size */
  readonly scaledMask: { readonly field: string; readonly width: number; readonly height: number } | null;
}

export type BatchPlanResult = { ok: true; items: BatchItem[] } | Problem;

/**
 * Characters that change how a name reads without being seen: bidi overrides, embeddings and isolates (a
 * right-to-left override makes `…exe.jpg` of `…gpj.exe`), marks, zero-width joiners and the byte-order mark.
 */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** A file stem safe on every system: what the source was called, less what a file name cannot hold or show. */
export function fileStem(name: string): string {
  const base = name.replace(/^.*[\\/]/, '').replace(INVISIBLE, '');
  const dot = base.lastIndexOf('.');
  // Control characters (C0, DEL, C1) become a visible mark: a line break in a name separated two words.
  const printable = [...(dot > 0 ? base.slice(0, dot) : base)].map((c) => (c.charCodeAt(0) < 32 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f) ? '_' : c)).join('');
  const stem = printable.replace(/[<>:"/\\|?*]+/g, '_').replace(/[. ]+$/, '').trim();
  return stem.slice(0, 120) || 'picture';
}

/** "9x16" for a ratio, or the format's own label. */
export const formatSuffix = (f: BatchFormat) => f.label.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || `${f.ratioW}x${f.ratioH}`;

type Margins = { top: number; bottom: number; left: number; right: number };

/**
 * The margins that grow a picture to a ratio without cropping: the short way is grown, split evenly (the odd pixel
 * to the right or bottom). All zero when the picture has it already; `too-far` when a side would pass the model's limit.
 */
export function expandMargins(width: number, height: number, f: Pick<BatchFormat, 'ratioW' | 'ratioH'>): Margins | 'too-far' {
  const target = f.ratioW / f.ratioH;
  let top = 0;
  let bottom = 0;
  let left = 0;
  let right = 0;
  if (width / height < target) {
    const add = Math.round(height * target) - width;
    left = Math.floor(add / 2);
    right = add - left;
  } else {
    const add = Math.round(width / target) - height;
    top = Math.floor(add / 2);
    bottom = add - top;
  }
  if (Math.max(top, bottom, left, right) > MAX_EXPAND_SIDE) return 'too-far';
  return { top, bottom, left, right };
}

/**
 * The shapes one picture is grown to, one per distinct size: "1:1" and "Square post (1:1)" ticked together (or two
 * ratios that come to the same pixels) make one request and one file, named by the first and listing all. Words
 * when a shape is too far for the model.
 */
function distinctShapes(picture: BatchPicture, formats: readonly BatchFormat[]): { suffixes: string[]; margins: Margins }[] | Words {
  const bySize = new Map<string, { suffixes: string[]; margins: Margins }>();
  for (const f of formats) {
    const margins = expandMargins(picture.width, picture.height, f);
    if (margins === 'too-far') return words('batch.problem.tooFar', { picture: picture.name, shape: formatSuffix(f), max: String(MAX_EXPAND_SIDE) });
    const key = `${margins.top} ${margins.bottom} ${margins.left} ${margins.right}`;
    const same = bySize.get(key);
    if (!same) bySize.set(key, { suffixes: [formatSuffix(f)], margins });
    else if (!same.suffixes.includes(formatSuffix(f))) same.suffixes.push(formatSuffix(f));
  }
  return [...bySize.values()];
}

const fieldOfRole = (e: EndpointSpec, role: string) => e.fields.find((f) => f.role === role)?.name ?? null;

/** A check's answer that is words, not the inputs or shapes it was asked for. */
const isWordsOf = (v: object): v is Words => 'id' in v && typeof (v as { id: unknown }).id === 'string' && !Array.isArray(v);

/** Every request of a batch, in order (picture by picture, its formats together), with its output name. */
export function planBatch(input: BatchSettingsInput): BatchPlanResult {
  const parsed = BatchSettingsSchema.safeParse(input);
  if (!parsed.success) return problemOf(words('batch.problem.incomplete'));
  const spec = parsed.data;
  const tool = BATCH_TOOL_WORDS[spec.tool];
  const endpoint = findEndpoint(spec.endpointId);
  if (!endpoint || !tool.models.includes(endpoint.id)) {
    const toolWords = words('batch.tool.label', { tool: batchToolKey(spec.tool) });
    return problemOf(endpoint ? words('batch.problem.wrongModel', { model: endpoint.title, tool: toolWords }) : words('batch.problem.unknownModel', { tool: toolWords }));
  }
  const prompt = spec.prompt.trim();
  const base: Record<string, JsonValue> = {};
  const imageField = fieldOfRole(endpoint, 'image');
  const inputsFor = (p: BatchPicture): Record<string, string> | Words => {
    switch (spec.tool) {
      case 'deblur':
      case 'erase':
      case 'expand':
        return imageField ? { [imageField]: p.assetId } : words('batch.problem.noPicture');
      case 'try-on': {
        const person = fieldOfRole(endpoint, 'person');
        const garment = fieldOfRole(endpoint, 'garment');
        if (!person || !garment) return words('batch.problem.noDress');
        if (!spec.partner) return words(spec.picturesAre === 'garments' ? 'batch.problem.choosePerson' : 'batch.problem.chooseGarment');
        return spec.picturesAre === 'garments' ? { [person]: spec.partner.assetId, [garment]: p.assetId } : { [person]: p.assetId, [garment]: spec.partner.assetId };
      }
      case 'edit': {
        const first = referenceFieldNames(endpoint.maxReferences).find((n) => endpoint.fields.some((f) => f.name === n));
        return first ? { [first]: p.assetId } : words('batch.problem.noEdit');
      }
    }
  };
  if (spec.tool === 'edit') {
    if (!prompt) return problemOf(words('batch.problem.noPrompt'));
  }
  if (prompt && fieldOfRole(endpoint, 'prompt')) base[fieldOfRole(endpoint, 'prompt')!] = prompt;
  if (spec.tool === 'erase' && !spec.mask) return problemOf(words('batch.problem.noMask'));
  if (spec.tool === 'expand' && spec.formats.length === 0) return problemOf(words('batch.problem.noShape'));

  const items: BatchItem[] = [];
  const used = new Map<string, number>();
  const unique = (stem: string) => {
    // Two sources of the same name (from two folders) must not overwrite each other's results.
    const key = stem.toLowerCase();
    const n = (used.get(key) ?? 0) + 1;
    used.set(key, n);
    return n === 1 ? stem : `${stem}-${n}`;
  };
  for (const [pi, picture] of spec.pictures.entries()) {
    const inputs = inputsFor(picture);
    if (isWordsOf(inputs)) return problemOf(inputs);
    const stem = fileStem(picture.name);
    if (spec.tool === 'expand') {
      const shapes = distinctShapes(picture, spec.formats);
      if (isWordsOf(shapes)) return problemOf(shapes);
      for (const { suffixes, margins } of shapes) {
        items.push({ index: items.length, picture: pi, format: suffixes.join(', '), outputStem: unique(`${stem}-${tool.suffix}-${suffixes[0]}`), endpointId: endpoint.id, params: { ...base, ...margins }, inputs, scaledMask: null });
      }
      continue;
    }
    const mask = fieldOfRole(endpoint, 'mask');
    const scaledMask = spec.tool === 'erase' && mask ? { field: mask, width: picture.width, height: picture.height } : null;
    items.push({ index: items.length, picture: pi, format: null, outputStem: unique(`${stem}-${tool.suffix}`), endpointId: endpoint.id, params: { ...base }, inputs, scaledMask });
  }
  if (items.length > MAX_BATCH_ITEMS) return problemOf(words('batch.problem.tooMany', { count: String(items.length), max: String(MAX_BATCH_ITEMS) }));
  return { ok: true, items };
}
