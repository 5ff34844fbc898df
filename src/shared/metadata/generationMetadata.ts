import { z } from 'zod';
import { findEndpoint } from '../catalog/catalog';
import type { ResultRecord } from '../library/resultRecord';
import { escapeXml, unescapeXml } from '../text/xmlText';

/**
 * How a result was made, written into every result file the library saves and every file exported from it,
 * so other tools (and Gen Studio, when the file is dropped back in) can read it. docs/metadata.md documents
 * the shape and where each format carries it.
 *
 * It holds only what the request decides (no task ids, no times, no costs), so running the same request with
 * the same seed gives a byte-identical file.
 */
const GENERATION_METADATA_FORMAT = 'gen-studio.generation';
const GENERATION_METADATA_VERSION = 1;

/** Our own PNG text keyword and XMP property name. */
export const METADATA_KEY = 'genstudio';
const XMP_NAMESPACE = 'https://gen-studio.app/ns/generation/1.0/';

const MetadataInputSchema = z.object({
  field: z.string(),
  /** SHA-256 of the input file's bytes (the asset store's id) */
  sha256: z.string(),
  /** a video keyframe's time in seconds */
  time: z.number().optional(),
});

export const GenerationMetadataSchema = z.object({
  format: z.literal(GENERATION_METADATA_FORMAT),
  version: z.literal(GENERATION_METADATA_VERSION),
  app: z.object({ name: z.string(), version: z.string() }),
  endpoint: z.object({
    id: z.string(),
    title: z.string().nullable(),
    /** `snapshot`: a pinned model version; `preview`: the model may change, so a seed may not reproduce */
    release: z.enum(['preview', 'snapshot']).nullable(),
  }),
  prompt: z.string().nullable(),
  seed: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** every plain field of the request as sent (media inputs are listed in `inputs`, never embedded) */
  params: z.record(z.string(), z.json()),
  inputs: z.array(MetadataInputSchema),
});
export type GenerationMetadata = z.infer<typeof GenerationMetadataSchema>;

/** The part of a result's record the metadata is made of. */
export type MetadataSource = Pick<ResultRecord, 'endpointId' | 'endpointTitle' | 'release' | 'params' | 'seed' | 'width' | 'height' | 'inputs'>;

/** Sorts object keys so the same request always gives the same text (and the same file bytes). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function buildGenerationMetadata(appVersion: string, s: MetadataSource): GenerationMetadata {
  const prompt = typeof s.params.prompt === 'string' ? s.params.prompt : null;
  const seed = s.seed ?? (typeof s.params.seed === 'number' ? s.params.seed : null);
  return {
    format: GENERATION_METADATA_FORMAT,
    version: GENERATION_METADATA_VERSION,
    app: { name: 'Gen Studio', version: appVersion },
    endpoint: { id: s.endpointId, title: s.endpointTitle, release: s.release },
    prompt,
    seed,
    width: s.width,
    height: s.height,
    params: canonical(s.params) as GenerationMetadata['params'],
    inputs: s.inputs.map((i) => ({ field: i.field, sha256: i.assetId, ...(i.time !== undefined ? { time: i.time } : {}) })),
  };
}

/** The JSON text written under our own key: one line, keys in a fixed order. */
export const metadataJson = (m: GenerationMetadata): string => JSON.stringify(m);

export function parseGenerationMetadata(text: string): GenerationMetadata | null {
  try {
    const parsed = GenerationMetadataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A field's value as the service used it: as sent, or the catalog's default when it was left out. */
function effective(m: GenerationMetadata, field: string): number | null {
  const sent = num(m.params[field]);
  if (sent !== null) return sent;
  return num(findEndpoint(m.endpoint.id)?.fields.find((f) => f.name === field)?.default);
}

/**
 * The A1111 "infotext": the prompt as it was written (its own line breaks kept), then one last line of
 * `Key: value` pairs. Readers recognise the text by `Steps:` (and A1111 itself by three pairs or more on the
 * last line), so the line always starts with the steps: the number sent or the catalog's default, or `auto`
 * for a model that takes no step count (the service chooses it), which A1111 reads and leaves unapplied.
 * Guidance maps to CFG scale, the endpoint to Model.
 */
export function infotext(m: GenerationMetadata): string {
  const steps = effective(m, 'steps');
  const guidance = effective(m, 'guidance');
  const pairs: string[] = [`Steps: ${steps ?? 'auto'}`];
  if (guidance !== null) pairs.push(`CFG scale: ${guidance}`);
  if (m.seed !== null) pairs.push(`Seed: ${m.seed}`);
  if (m.width !== null && m.height !== null) pairs.push(`Size: ${m.width}x${m.height}`);
  pairs.push(`Model: ${m.endpoint.id}`);
  if (m.endpoint.release) pairs.push(`Model version: ${m.endpoint.release}`);
  pairs.push(`Version: Gen Studio ${m.app.version}`);
  return `${m.prompt ?? ''}\n${pairs.join(', ')}`;
}

/** InvokeAI's `invokeai_metadata` keys for the facts that map, so its gallery shows prompt, seed and size. */
export function invokeAiMetadata(m: GenerationMetadata): string {
  return JSON.stringify({
    generation_mode: 'txt2img',
    positive_prompt: m.prompt ?? '',
    seed: m.seed,
    width: m.width,
    height: m.height,
    ...(effective(m, 'steps') !== null ? { steps: effective(m, 'steps') } : {}),
    ...(effective(m, 'guidance') !== null ? { cfg_scale: effective(m, 'guidance') } : {}),
    model: { name: m.endpoint.id, base: 'gen-studio' },
    app_version: `Gen Studio ${m.app.version}`,
  });
}

/**
 * An XMP packet: our JSON as one property of our namespace, the prompt as `dc:description` (what photo tools
 * show as the caption) and the app as `xmp:CreatorTool`.
 */
export function xmpPacket(m: GenerationMetadata): string {
  const description = m.prompt
    ? `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(m.prompt)}</rdf:li></rdf:Alt></dc:description>`
    : '';
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:${METADATA_KEY}="${XMP_NAMESPACE}"` +
    ` xmp:CreatorTool="Gen Studio ${escapeXml(m.app.version)}" ${METADATA_KEY}:metadata="${escapeXml(metadataJson(m))}">` +
    description +
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  );
}

/** Our JSON from an XMP packet, written as an attribute (ours) or as an element (tools that rewrite XMP). */
export function metadataFromXmp(xmp: string): GenerationMetadata | null {
  const attribute = new RegExp(`${METADATA_KEY}:metadata="([^"]*)"`).exec(xmp);
  const element = new RegExp(`<${METADATA_KEY}:metadata>([\\s\\S]*?)</${METADATA_KEY}:metadata>`).exec(xmp);
  const text = attribute?.[1] ?? element?.[1];
  return text === undefined ? null : parseGenerationMetadata(unescapeXml(text));
}
