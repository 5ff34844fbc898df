import { findEndpoint, taskEndpoints } from '../catalog/catalog';
import type { EndpointSpec } from '../catalog/endpoint';
import type { FieldRole } from '../catalog/field';

/**
 * What an artist sets out to do, in the studio's words. Each intent lists the models (catalog endpoints) that do
 * it, the default first; `checkIntents` holds the table to the catalog, so a model can neither be missing from
 * every intent nor sit under an intent whose inputs it does not take.
 */
export const INTENT_IDS = ['create', 'edit', 'inpaint', 'expand', 'outpaint', 'try-on', 'clean-up', 'video', 'upscale-video'] as const;
export type IntentId = (typeof INTENT_IDS)[number];

export interface Intent {
  readonly id: IntentId;
  readonly label: string;
  /** One plain line: what the artist gets. */
  readonly description: string;
  readonly models: readonly string[];
  /** Whether the canvas picture is sent (as the image the model changes, or as the first image of an editor). */
  readonly sendsPicture: boolean;
  /** A field role every model of the intent must have, checked against the catalog. */
  readonly needs?: (endpoint: EndpointSpec) => boolean;
}

const has = (e: EndpointSpec, role: FieldRole) => e.fields.some((f) => f.role === role);
const takesImages = (e: EndpointSpec) => e.maxReferences > 0;

/** The gen-2 family and the context and third-generation models both create from words and edit with images. */
const GENERATORS = ['gen-2-flex', 'gen-2-klein-9b-preview', 'gen-2-pro-preview', 'gen-2-pro', 'gen-2-max', 'gen-2-klein-4b', 'gen-2-klein-9b', 'gen-ctx-max', 'gen-ctx-pro', 'gen-3-image', 'gen-2-klein-9b-kv-finetuned'];

export const INTENTS: readonly Intent[] = [
  {
    id: 'create',
    label: 'Create',
    description: 'A new picture from words.',
    models: ['gen-dev', 'gen-pro-1.1', 'gen-pro-1.1-ultra', ...GENERATORS],
    sendsPicture: false,
    needs: (e) => has(e, 'prompt'),
  },
  {
    id: 'edit',
    label: 'Edit with references',
    description: 'Change the picture with words, guided by other pictures you add as references.',
    models: ['gen-2-flex', 'gen-ctx-max', 'gen-ctx-pro', 'gen-3-image', 'gen-2-klein-9b-preview', 'gen-2-pro-preview', 'gen-2-pro', 'gen-2-max', 'gen-2-klein-4b', 'gen-2-klein-9b', 'gen-2-klein-9b-kv-finetuned'],
    sendsPicture: true,
    needs: takesImages,
  },
  {
    id: 'inpaint',
    label: 'Inpaint',
    description: 'Repaint the part of the picture you paint over.',
    models: ['gen-pro-1.0-fill'],
    sendsPicture: true,
    needs: (e) => has(e, 'mask'),
  },
  {
    id: 'expand',
    label: 'Expand',
    description: 'Grow the picture on any side; the new area is painted to match.',
    models: ['gen-pro-1.0-expand'],
    sendsPicture: true,
    needs: (e) => has(e, 'expand-side'),
  },
  {
    id: 'outpaint',
    label: 'Outpaint',
    description: 'Place the picture in a larger frame and fill the rest.',
    models: ['outpainting-v1'],
    sendsPicture: true,
    needs: (e) => has(e, 'outpaint-size'),
  },
  {
    id: 'try-on',
    label: 'Try on',
    description: 'Dress the person in the picture in a garment from the references.',
    models: ['vto-v2', 'vto-v1'],
    sendsPicture: true,
    needs: (e) => has(e, 'person') && has(e, 'garment'),
  },
  {
    id: 'clean-up',
    label: 'Clean up',
    description: 'Sharpen a blurred picture, or erase what you paint over.',
    models: ['deblur-v1', 'erase-v1'],
    sendsPicture: true,
    needs: (e) => has(e, 'image') && !has(e, 'prompt'),
  },
  {
    id: 'video',
    label: 'Video',
    description: 'A clip with sound from words, from the picture, or continuing a clip.',
    models: ['gen-3-video'],
    sendsPicture: false,
    needs: (e) => e.kind === 'video',
  },
  {
    id: 'upscale-video',
    label: 'Upscale video',
    description: 'Make a clip up to three times larger.',
    models: ['video-upscale-v1'],
    sendsPicture: false,
    needs: (e) => has(e, 'video') && e.kind !== 'video',
  },
];

const byId = new Map(INTENTS.map((i) => [i.id, i]));

export function getIntent(id: string | undefined): Intent | undefined {
  return id === undefined ? undefined : byId.get(id as IntentId);
}

/** The models of an intent as catalog entries, the default first. */
export function intentModels(intent: Intent): EndpointSpec[] {
  return intent.models.flatMap((id) => {
    const e = findEndpoint(id);
    return e && !e.deprecated ? [e] : [];
  });
}

/** The intent a model belongs to when none was chosen: the first that lists it (a generator defaults to Create). */
export function defaultIntentOf(endpointId: string): Intent {
  return INTENTS.find((i) => i.models.includes(endpointId)) ?? INTENTS[0]!;
}

/** The intent a document works in: the one it names if that intent lists its model, else the model's first. */
export function intentFor(intentId: string | undefined, endpointId: string): Intent {
  const named = getIntent(intentId);
  return named && named.models.includes(endpointId) ? named : defaultIntentOf(endpointId);
}

/** Whatever in the table disagrees with the catalog, in words; empty when the two agree. */
export function checkIntents(endpoints: readonly EndpointSpec[] = taskEndpoints()): string[] {
  const problems: string[] = [];
  const listed = new Set(INTENTS.flatMap((i) => i.models));
  for (const e of endpoints) if (!listed.has(e.id)) problems.push(`${e.id} is under no intent`);
  for (const intent of INTENTS) {
    if (intent.models.length === 0) problems.push(`${intent.id} has no model`);
    for (const id of intent.models) {
      const e = findEndpoint(id);
      if (!e) problems.push(`${intent.id}: ${id} is not in the catalog`);
      else if (e.deprecated) problems.push(`${intent.id}: ${id} is deprecated`);
      else if (intent.needs && !intent.needs(e)) problems.push(`${intent.id}: ${id} does not take what the intent needs`);
    }
  }
  return problems;
}
