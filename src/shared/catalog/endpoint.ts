import type { MessageId } from '../i18n/catalog';
import type { FieldSpec } from './field';

/** The kinds of work the app organises endpoints by (forms, canvas layers, polling cadence). */
export const TASK_KINDS = ['text-to-image', 'edit', 'inpaint', 'expand', 'multi-reference', 'video', 'tool'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** Each kind's name on screen (the gallery's intent filter, the service reference's groups), as a catalog id. */
export const TASK_KIND_LABELS: Readonly<Record<TaskKind, MessageId>> = {
  'text-to-image': 'ui.kind.textToImage',
  edit: 'ui.kind.edit',
  inpaint: 'ui.kind.inpaint',
  expand: 'ui.kind.expand',
  'multi-reference': 'ui.kind.multiReference',
  video: 'ui.kind.video',
  tool: 'ui.kind.tool',
};

/**
 * `preview`: the endpoint keeps changing, so the same seed may give a different image next month.
 * `snapshot`: a pinned model version, reproducible.
 */
type Release = 'preview' | 'snapshot';

/** Which base address an endpoint lives on. `base_url_us` is the regional base: delete_finetune and the `-finetuned` submits. */
type BaseName = 'base_url' | 'base_url_us';

/** The submit response shapes an endpoint may answer with. */
type ResponseShape = 'AsyncResponse' | 'AsyncWebhookResponse' | 'DeleteFinetuneResponse';

/** How completely the interface document describes an endpoint. */
type Documentation =
  /** every field, type, default and range is in the document */
  | 'specified'
  /** fields are listed but some facts (required flags, defaults) are missing */
  | 'partial'
  /** known by name: the request shape here is the catalog's best inference */
  | 'named';

interface Deprecation {
  /** ISO date the service deprecated the endpoint. */
  readonly since: string;
  /** Catalog ids to use instead; empty when the document gives no migration path. */
  readonly migrateTo: readonly string[];
  readonly note: string;
}

/** Size limits of an endpoint's inputs and outputs, in megapixels (10^6 pixels), seconds and bytes. */
interface InputLimits {
  /** Largest accepted image input; larger inputs are refused. */
  readonly maxInputMegapixels?: number;
  /** The service accepts larger inputs but downscales them to about this size. */
  readonly downscalesAboveMegapixels?: number;
  readonly downscalesToMegapixels?: number;
  readonly maxOutputMegapixels?: number;
  readonly maxVideoSeconds?: number;
  readonly maxVideoBytes?: number;
  readonly maxVideoWidth?: number;
  readonly maxVideoHeight?: number;
}

/** Rules that involve more than one field or the decoded content of a field. Declared as data. */
export type CrossFieldRule =
  | { readonly kind: 'same-dimensions'; readonly field: string; readonly as: string }
  | { readonly kind: 'alpha-or-field'; readonly image: string; readonly field: string }
  | { readonly kind: 'reference-count'; readonly fields: readonly string[]; readonly max: number }
  | {
      readonly kind: 'duration-by-mode';
      readonly modeField: string;
      readonly durationField: string;
      readonly maxByMode: Readonly<Record<string, number>>;
    }
  | {
      readonly kind: 'required-when';
      readonly field: string;
      readonly whenField: string;
      readonly whenValues: readonly string[];
    }
  | { readonly kind: 'keyframes-within-duration'; readonly field: string; readonly durationField: string }
  | {
      readonly kind: 'fits-inside';
      readonly image: string;
      readonly width: string;
      readonly height: string;
      readonly offsetX: string;
      readonly offsetY: string;
    }
  | { readonly kind: 'max-input-megapixels'; readonly fields: readonly string[]; readonly max: number }
  | { readonly kind: 'max-output-megapixels'; readonly width: string; readonly height: string; readonly max: number }
  | {
      /** Limits on a source clip, checked from its file before it is sent; each broken one is its own issue. */
      readonly kind: 'video-source';
      readonly field: string;
      /** Ends the artist's sentence “…; <takes> at most 15 s”, e.g. “video upscaling takes”. */
      readonly takes: string;
      readonly maxSeconds: number;
      readonly maxBytes?: number;
      readonly maxWidth?: number;
      readonly maxHeight?: number;
      /** Only when this field has one of these values (a continuation's source, not a draft's). */
      readonly when?: { readonly field: string; readonly values: readonly string[] };
    };

/** How the prompt carries extra structure (the third generation takes bounding boxes at its end). */
type PromptAppendix = 'bounding-boxes';

export interface EndpointSpec {
  /** Stable identifier with the neutral word `gen`, e.g. `gen-2-flex`, `vto-v2`. */
  readonly id: string;
  /** Path after `/v1/`, with `gen` where the service writes its brand word (see `endpointPath`). */
  readonly path: string;
  readonly base: BaseName;
  readonly title: string;
  readonly summary: string;
  readonly kind: TaskKind;
  readonly release: Release;
  readonly documentation: Documentation;
  /** Set when the path itself is inferred (the document names the endpoint but not its address). */
  readonly inferredPath?: string;
  /** Set on a catalog entry whose whole request shape is inferred; says from what. */
  readonly inferred?: string;
  readonly deprecated?: Deprecation;
  readonly fields: readonly FieldSpec[];
  readonly responses: readonly ResponseShape[];
  /** How many reference images the endpoint takes (0 when it takes none). */
  readonly maxReferences: number;
  readonly limits: InputLimits;
  readonly rules: readonly CrossFieldRule[];
  readonly promptAppendix?: PromptAppendix;
  /** Polling is slower and waits longer for long-running kinds. */
  readonly longRunning?: boolean;
  /** Extra facts from the document worth showing the user as-is. */
  readonly notes?: readonly string[];
  /** For `-finetuned` endpoints: the base endpoint whose request shape they extend. */
  readonly finetuneOf?: string;
}

export function fieldOf(endpoint: EndpointSpec, name: string): FieldSpec | undefined {
  return endpoint.fields.find((f) => f.name === name);
}

export function isInferred(endpoint: EndpointSpec): boolean {
  return (
    endpoint.inferred !== undefined ||
    endpoint.inferredPath !== undefined ||
    endpoint.fields.some((f) => f.inferred !== undefined)
  );
}
