import sharp from 'sharp';
import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import type { FieldSpec } from '../../../shared/catalog/field';
import { stripDataUrl } from '../../../shared/media/base64';
import { serviceIssue, type Loc, type ServiceIssue } from '../validation/issue';
import type { DecodedImage, DecodedInputs, DecodedKeyframe, DecodedVideo } from '../outputs/job';

/** Same cap as sharp's default: refuses decompression bombs before they take the memory. */
const MAX_INPUT_PIXELS = 268_402_689;

export interface VideoHeader {
  readonly width: number;
  readonly height: number;
  readonly seconds: number;
  readonly fps: number;
}

export interface MediaSources {
  /**
   * The bytes behind an address the sandbox itself handed out (a result URL), so outputs can be chained;
   * `expired` when that address no longer works, undefined when it is not the sandbox's.
   */
  readonly ownResult: (url: string) => Uint8Array | 'expired' | undefined;
  /** Reads a video's header; undefined when the bytes are not a video the sandbox can read. */
  readonly readVideo: (bytes: Uint8Array) => VideoHeader | undefined;
}

type Bytes = { ok: true; bytes: Uint8Array } | { ok: false; issue: ServiceIssue };

const isAddress = (value: string) => /^https?:\/\//i.test(value);

function bytesOf(loc: Loc, value: string, field: FieldSpec, sources: MediaSources, what: string): Bytes {
  if (isAddress(value)) {
    const acceptsUrl = (field.type === 'image' || field.type === 'video') && field.encoding === 'base64-or-url';
    if (!acceptsUrl) {
      return { ok: false, issue: serviceIssue(loc, 'value_error', `Value error, ${field.name} takes a base64-encoded ${what}, not an address`, value) };
    }
    const own = sources.ownResult(value);
    if (own === 'expired') return { ok: false, issue: serviceIssue(loc, 'value_error', `Value error, the ${what} address has expired`, value) };
    if (!own) {
      return {
        ok: false,
        issue: serviceIssue(loc, 'value_error', `Value error, the sandbox works offline and fetches only its own result addresses; send the ${what} as base64`, value),
      };
    }
    return { ok: true, bytes: own };
  }
  const bytes = Buffer.from(stripDataUrl(value), 'base64');
  if (bytes.length === 0) return { ok: false, issue: serviceIssue(loc, 'value_error', `Value error, ${field.name} is not base64-encoded data`, value) };
  return { ok: true, bytes };
}

async function decodeImageBytes(bytes: Uint8Array): Promise<DecodedImage | string> {
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    const { data, info } = await input.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    // An alpha channel that is opaque everywhere carries no mask: only transparency counts, as the service reads it.
    const text = (meta.comments ?? []).map((c) => c.text).join(' ');
    return { width: info.width, height: info.height, data, hasAlpha: meta.hasAlpha === true && hasTransparency(data), format: meta.format ?? 'unknown', ...(text ? { text } : {}) };
  } catch (e) {
    return e instanceof Error ? e.message.split('\n')[0]! : String(e);
  }
}

async function decodeImage(loc: Loc, value: string, field: FieldSpec, sources: MediaSources): Promise<DecodedImage | ServiceIssue> {
  const got = bytesOf(loc, value, field, sources, 'image');
  if (!got.ok) return got.issue;
  const image = await decodeImageBytes(got.bytes);
  return typeof image === 'string' ? serviceIssue(loc, 'value_error', `Value error, the image could not be decoded (${image})`, value) : image;
}

function decodeVideo(loc: Loc, value: string, field: FieldSpec, sources: MediaSources): DecodedVideo | ServiceIssue {
  const got = bytesOf(loc, value, field, sources, 'video');
  if (!got.ok) return got.issue;
  const header = sources.readVideo(got.bytes);
  if (!header) return serviceIssue(loc, 'value_error', 'Value error, the video could not be read (expected an H.264 MP4)', value);
  return { bytes: got.bytes, ...header };
}

export interface DecodeResult {
  readonly inputs: DecodedInputs;
  /** Media that is not what it claims to be, located like the service's own 422 issues. */
  readonly issues: readonly ServiceIssue[];
}

/**
 * Decodes every media value of a request, so validation sees real sizes and the renderers real pixels. Values
 * of the wrong type are left for validation to report.
 */
export async function decodeMedia(endpoint: EndpointSpec, body: Readonly<Record<string, unknown>>, sources: MediaSources): Promise<DecodeResult> {
  const images = new Map<string, DecodedImage>();
  const videos = new Map<string, DecodedVideo>();
  const keyframes: DecodedKeyframe[] = [];
  const issues: ServiceIssue[] = [];
  const keep = <T extends object>(got: T | ServiceIssue, use: (value: T) => void) => {
    if ('loc' in got && 'msg' in got) issues.push(got);
    else use(got as T);
  };
  for (const field of endpoint.fields) {
    const value = body[field.name];
    const loc = ['body', field.name];
    if (field.type === 'image' && typeof value === 'string') {
      keep(await decodeImage(loc, value, field, sources), (img) => images.set(field.name, img));
    } else if (field.type === 'video' && typeof value === 'string') {
      keep(decodeVideo(loc, value, field, sources), (v) => videos.set(field.name, v));
    } else if (field.type === 'keyframes' && Array.isArray(value)) {
      for (const [i, item] of value.entries()) {
        const frame = item as { image?: unknown; time?: unknown } | null;
        if (typeof frame?.image !== 'string' || typeof frame.time !== 'number') continue;
        const time = frame.time;
        const imageField = { ...field, type: 'image', encoding: 'base64-or-url' } as FieldSpec;
        keep(await decodeImage([...loc, i, 'image'], frame.image, imageField, sources), (image) => keyframes.push({ time, image }));
      }
    }
  }
  return { inputs: { images, videos, keyframes }, issues };
}

/** Whether any pixel of RGBA bytes is less than fully opaque. */
function hasTransparency(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < 255) return true;
  return false;
}
