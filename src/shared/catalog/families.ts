import type { EndpointSpec } from './endpoint';
import { genDev, genPro11, genPro11Ultra } from './endpoints/textToImage';
import { genProExpand, genProFill } from './endpoints/fillExpand';
import { gen2Flex, gen2Klein4b, gen2Klein9b, gen2Klein9bPreview, gen2Max, gen2Pro, gen2ProPreview } from './endpoints/generation2';
import { genCtxMax, genCtxPro } from './endpoints/context';
import { gen3Image, gen3Video } from './endpoints/generation3';
import { deblurV1, eraseV1, outpaintingV1, videoUpscaleV1, vtoV1, vtoV2 } from './endpoints/tools';
import { gen2Klein9bKvFinetuned } from './endpoints/finetune';

export const MODEL_FAMILY_IDS = ['pro1', 'gen2', 'context', 'gen3', 'tools'] as const;
export type ModelFamilyId = (typeof MODEL_FAMILY_IDS)[number];

export interface ModelFamily {
  readonly id: ModelFamilyId;
  /** The family's name as an artist reads it on the spending chart. */
  readonly label: string;
  readonly members: readonly EndpointSpec[];
}

/**
 * The service's model families: a chart or list too long to read by model reads by family. A retired endpoint is
 * in none (its spending shows as "Other"); families.test.ts keeps every endpoint that starts a task in exactly one.
 */
export const MODEL_FAMILIES: readonly ModelFamily[] = [
  { id: 'pro1', label: 'Pro 1 and Dev', members: [genDev, genPro11, genPro11Ultra, genProFill, genProExpand] },
  { id: 'gen2', label: 'Gen 2', members: [gen2Flex, gen2Klein9bPreview, gen2ProPreview, gen2Pro, gen2Max, gen2Klein4b, gen2Klein9b, gen2Klein9bKvFinetuned] },
  { id: 'context', label: 'Context', members: [genCtxMax, genCtxPro] },
  { id: 'gen3', label: 'Gen 3', members: [gen3Image, gen3Video] },
  { id: 'tools', label: 'Tools', members: [vtoV2, vtoV1, deblurV1, eraseV1, outpaintingV1, videoUpscaleV1] },
];

const familyById = new Map(MODEL_FAMILIES.flatMap((f) => f.members.map((e) => [e.id, f] as const)));

/** The family an endpoint id belongs to; undefined for a retired or unknown one. */
export function familyOf(endpointId: string): ModelFamily | undefined {
  return familyById.get(endpointId);
}
