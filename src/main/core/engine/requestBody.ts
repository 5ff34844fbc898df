import { compactRequest } from '../../../shared/catalog/defaults';
import { english } from '../../../shared/i18n/say';
import type { Words } from '../../../shared/i18n/words';
import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import type { JsonValue } from '../../../shared/catalog/field';
import { assetFactsOf, type AssetFacts, type TaskRequest } from '../../../shared/tasks/taskRequest';
import type { AssetStore } from '../assets/assetStore';
import { msg } from './messages';

/** The asset ids a request uses, with the field (and keyframe time) each fills. */
export function inputList(request: Pick<TaskRequest, 'inputs'>): Array<{ field: string; assetId: string; time?: number }> {
  return Object.entries(request.inputs).flatMap(([field, input]) =>
    Array.isArray(input) ? input.map((k) => ({ field, assetId: k.assetId, time: k.time })) : [{ field, assetId: input.assetId }],
  );
}

/** Facts of every asset a request uses, from the store; missing ones are left out (validation reports them). */
export async function assetFacts(assets: AssetStore, request: Pick<TaskRequest, 'inputs'>): Promise<Map<string, AssetFacts>> {
  const facts = new Map<string, AssetFacts>();
  for (const { assetId } of inputList(request)) {
    if (facts.has(assetId)) continue;
    const info = await assets.get(assetId).catch(() => undefined);
    if (info) facts.set(assetId, assetFactsOf(info));
  }
  return facts;
}

export class MissingInput extends Error {
  constructor(readonly said: Words) {
    super(english(said));
  }
}

/**
 * The JSON body the service receives: the plain parameters without empty optional values, and each media
 * input read from the asset store as base64, just before it is sent.
 */
export async function buildBody(endpoint: EndpointSpec, request: TaskRequest, assets: AssetStore): Promise<string> {
  const body: Record<string, JsonValue> = compactRequest(endpoint, request.params);
  const read = async (assetId: string, field: string) => {
    const bytes = await assets.bytes(assetId).catch(() => undefined);
    if (!bytes) throw new MissingInput(msg.inputNoLongerStored(field));
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  };
  for (const [field, input] of Object.entries(request.inputs)) {
    if (!endpoint.fields.some((f) => f.name === field)) continue;
    body[field] = Array.isArray(input)
      ? await Promise.all(input.map(async (k) => ({ image: await read(k.assetId, field), time: k.time })))
      : await read(input.assetId, field);
  }
  return JSON.stringify(body);
}
