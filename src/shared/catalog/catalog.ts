import { TASK_KINDS, type EndpointSpec, type TaskKind } from './endpoint';
import { genDev, genPro11, genPro11Ultra } from './endpoints/textToImage';
import { genProExpand, genProFill } from './endpoints/fillExpand';
import { gen2Flex, gen2Klein4b, gen2Klein9b, gen2Klein9bPreview, gen2Max, gen2Pro, gen2ProPreview } from './endpoints/generation2';
import { genCtxMax, genCtxPro } from './endpoints/context';
import { gen3Image, gen3Video } from './endpoints/generation3';
import { deblurV1, eraseV1, outpaintingV1, videoUpscaleV1, vtoV1, vtoV2 } from './endpoints/tools';
import { deleteFinetune, gen2Klein9bKvFinetuned } from './endpoints/finetune';
import { deprecatedEndpoints } from './endpoints/deprecated';

/** Every endpoint of the interface document (and of the published schema beyond it), in the order the app lists them. */
export const CATALOG: readonly EndpointSpec[] = [
  genDev,
  genPro11,
  genPro11Ultra,
  genCtxMax,
  genCtxPro,
  genProFill,
  genProExpand,
  gen2Flex,
  gen2Klein9bPreview,
  gen2ProPreview,
  gen2Pro,
  gen2Max,
  gen2Klein4b,
  gen2Klein9b,
  gen3Image,
  gen2Klein9bKvFinetuned,
  gen3Video,
  vtoV2,
  vtoV1,
  deblurV1,
  eraseV1,
  outpaintingV1,
  videoUpscaleV1,
  deleteFinetune,
  ...deprecatedEndpoints,
];

const byId = new Map(CATALOG.map((e) => [e.id, e]));

export function findEndpoint(id: string): EndpointSpec | undefined {
  return byId.get(id);
}

export function getEndpoint(id: string): EndpointSpec {
  const endpoint = byId.get(id);
  if (!endpoint) throw new Error(`Unknown endpoint: ${id}`);
  return endpoint;
}

/** Endpoints offered for new work: everything not deprecated. */
export function activeEndpoints(): EndpointSpec[] {
  return CATALOG.filter((e) => !e.deprecated);
}

/** Submit endpoints that start a generation task (delete_finetune answers at once). */
export function taskEndpoints(): EndpointSpec[] {
  return activeEndpoints().filter((e) => e.responses.some((r) => r !== 'DeleteFinetuneResponse'));
}

export function endpointsByKind(endpoints: readonly EndpointSpec[] = activeEndpoints()): Map<TaskKind, EndpointSpec[]> {
  const groups = new Map<TaskKind, EndpointSpec[]>(TASK_KINDS.map((k) => [k, []]));
  for (const e of endpoints) groups.get(e.kind)?.push(e);
  return groups;
}

/** The word the document writes as `gen`; the user can set the service's own (see field notes). */
export const DEFAULT_ENDPOINT_WORD = 'gen';

/** Validates an endpoint word: letters, digits and dashes only, so it can never change the path's shape. */
export function isValidEndpointWord(word: string): boolean {
  return /^[a-z0-9][a-z0-9-]{0,39}$/i.test(word);
}

/** The path after the base, e.g. `/v1/gen-2-flex`, with the connection's endpoint word in place of `gen`. */
export function endpointPath(endpoint: Pick<EndpointSpec, 'path'>, word: string = DEFAULT_ENDPOINT_WORD): string {
  if (!isValidEndpointWord(word)) throw new Error(`Invalid endpoint word: ${word}`);
  const path = endpoint.path.startsWith('gen-') ? `${word}${endpoint.path.slice(3)}` : endpoint.path;
  return `/v1/${path}`;
}

/** Finds the catalog endpoint a request path names, whatever endpoint word the caller used. */
export function endpointForPath(path: string, word: string = DEFAULT_ENDPOINT_WORD): EndpointSpec | undefined {
  return CATALOG.find((e) => endpointPath(e, word) === path);
}

/**
 * Account queries the public service answers beyond the interface document (field notes). The app uses them
 * where they answer and works without them.
 */
export const ACCOUNT_PATHS = {
  credits: '/v1/credits',
  myFinetunes: '/v1/my_finetunes',
  finetuneDetails: '/v1/finetune_details',
} as const;
