import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { z } from 'zod';
import type { AssetInfo } from '../../../shared/ipc/contract';
import { told } from '../../../shared/i18n/say';
import type { Words } from '../../../shared/i18n/words';
import { MEDIA_MIMES, MEDIA_TYPES, sniffMediaType, SNIFF_BYTES } from '../../../shared/media/mediaType';
import { MAX_BOXES, readMp4, type Mp4Reading } from '../../../shared/media/mp4';
import { sizeFigures } from '../../../shared/text/sizeWords';
import { writeFileAtomic, writeJsonAtomic } from '../fs/atomicWrite';
import { pictures } from '../i18n/pictureWords';
import { refusedWith } from '../i18n/refusal';
import type { MediaFile, MediaRegistry } from '../media';
import { placeholderPreview, posterPreview } from './poster';

const MB = 1024 * 1024;
/** Larger files are refused before decoding: no endpoint takes inputs anywhere near this. */
const MAX_ASSET_BYTES = 256 * MB;
/** Larger images are refused before decoding (sharp's own default, 16383 × 16383): decoding one could take gigabytes. */
const MAX_ASSET_EDGE = 16_383;
const MAX_ASSET_PIXELS = MAX_ASSET_EDGE * MAX_ASSET_EDGE;

/** What decoding one picture may hold in memory (width × height × channels × bytes per sample). */
const MAX_DECODED_BYTES = 1024 * MB;
/** Bytes per sample of each depth sharp reports. */
const SAMPLE_BYTES: Readonly<Record<string, number>> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };
const gigabytes = (bytes: number) => bytes / (1024 * MB);
const THUMBNAIL_EDGE = 256;
/** Pictures that decode to more than this take seconds to open: the user is told what is happening meanwhile. */
const LARGE_DECODED_BYTES = 64 * MB;

/** A reading that is not a whole MP4, said with the file's name. */
const mp4Problem = (name: string, kind: Exclude<Mp4Reading['kind'], 'mp4'>): Words =>
  kind === 'incomplete' ? pictures.incompleteMp4(name) : kind === 'too-complex' ? pictures.tooComplexMp4(name, MAX_BOXES) : pictures.notMp4(name);

/** The codecs of an MP4 Chromium's <video> plays (so the player and its poster work), by sample entry. */
const VIDEO_CODECS: Readonly<Record<string, string>> = { avc1: 'H.264', avc3: 'H.264', vp09: 'VP9', av01: 'AV1' };

/** What sharp may report of an input; the video entry is not an input. */
const { mp4: _video, ...IMAGE_TYPES } = MEDIA_TYPES;
type ImageFormat = keyof typeof IMAGE_TYPES;
const imageType = (format: string | undefined) => (format && Object.hasOwn(IMAGE_TYPES, format) ? IMAGE_TYPES[format as ImageFormat] : undefined);

/** Whether any alpha byte is below 255, looked at in slices with a turn of the event loop between them. */
async function anyBelowFull(alpha: Uint8Array): Promise<boolean> {
  const SLICE = 8 * MB;
  for (let start = 0; start < alpha.length; start += SLICE) {
    const end = Math.min(alpha.length, start + SLICE);
    for (let i = start; i < end; i++) if (alpha[i]! < 255) return true;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return false;
}

/**
 * An asset's record, read back from disk as input: its extension names the stored file, so it must be one the
 * store writes (a record edited to `../../..` must not lead out of the folder), and its type one of an image.
 */
const StoredAssetSchema = z.object({
  id: z.string().regex(/^[a-f0-9]{64}$/),
  name: z.string(),
  mime: z.enum(MEDIA_MIMES),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  hasAlpha: z.boolean(),
  ext: z.enum(['jpg', 'png', 'webp', 'gif', 'tiff', 'avif', 'heif', 'mp4']),
  /** records written before videos were taken are images */
  kind: z.enum(['image', 'video']).default('image'),
  seconds: z.number().nonnegative().nullable().default(null),
  frames: z.number().int().nonnegative().nullable().default(null),
  fps: z.number().positive().nullable().default(null),
  /** a video's stored poster frame: a short hash of it, which also makes its address new each time */
  poster: z.string().regex(/^[a-f0-9]{1,64}$/).nullable().default(null),
});
type StoredAsset = z.infer<typeof StoredAssetSchema>;

/**
 * Inputs the user opens or drops, stored once by content hash with their size and a preview. The renderer
 * gets addresses to load them from, never their bytes as text.
 */
export class AssetStore {
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly media: MediaRegistry,
    /** Told what opening a large picture is doing (`step` null when done); decoding runs on sharp's threads, so main keeps answering meanwhile. */
    private readonly progress: (name: string, step: Words | null) => void = () => {},
  ) {
    this.dir = join(dataDir, 'assets');
    media.register('asset', (id) => this.resolve(id, 'file'));
    media.register('asset-thumb', (id) => this.resolve(id, 'thumb'));
    media.register('asset-poster', (id) => this.resolve(id, 'poster'));
  }

  async import(name: string, bytes: Uint8Array): Promise<AssetInfo> {
    if (bytes.byteLength === 0) throw refusedWith('bad-input', pictures.empty(name));
    if (bytes.byteLength > MAX_ASSET_BYTES) {
      throw refusedWith('bad-input', pictures.tooLarge(name, sizeFigures(bytes.byteLength, MAX_ASSET_BYTES)));
    }
    const id = createHash('sha256').update(bytes).digest('hex');
    const existing = await this.read(id);
    if (existing) return this.info(existing.name === name ? existing : { ...existing, name });
    if (sniffMediaType(bytes.subarray(0, SNIFF_BYTES)) === MEDIA_TYPES.mp4) return this.importVideo(id, name, bytes);

    // Reading the header needs no pixel limit; the limit is checked here, so an image too large to open says so.
    const meta = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    const mime = imageType(meta?.format)?.mime;
    if (!meta || !mime || !meta.width || !meta.height) {
      throw refusedWith('bad-input', pictures.unreadable(name));
    }
    if (meta.width * meta.height > MAX_ASSET_PIXELS) {
      throw refusedWith('bad-input', pictures.tooManyPixels(name, meta.width, meta.height, MAX_ASSET_EDGE));
    }
    // What decoding would hold in memory, from the header alone: a 16-bit RGBA picture at the pixel limit needs
    // 2 GB (and half a minute); refused before a pixel is decoded, with what it would take.
    const decoded = meta.width * meta.height * (meta.channels ?? 4) * (SAMPLE_BYTES[meta.depth ?? 'uchar'] ?? 1);
    if (decoded > MAX_DECODED_BYTES) {
      const bits = 8 * (SAMPLE_BYTES[meta.depth ?? 'uchar'] ?? 1);
      throw refusedWith(
        'bad-input',
        pictures.tooMuchMemory(name, { width: meta.width, height: meta.height, channels: meta.channels ?? 4, bits, needGb: gigabytes(decoded), limitGb: gigabytes(MAX_DECODED_BYTES) }),
      );
    }
    const { thumbnail, transparent } = await this.decodePreview(name, bytes, meta, decoded > LARGE_DECODED_BYTES);

    const ext = meta.format === 'jpeg' ? 'jpg' : (meta.format as Exclude<StoredAsset['ext'], 'jpg'>);
    const stored: StoredAsset = {
      id,
      name,
      mime,
      bytes: bytes.byteLength,
      width: meta.width,
      height: meta.height,
      hasAlpha: transparent,
      ext,
      kind: 'image',
      seconds: null,
      frames: null,
      fps: null,
      poster: null,
    };
    await writeFileAtomic(this.path(id, ext), bytes);
    await writeFileAtomic(this.path(id, 'thumb.webp'), thumbnail);
    // The record goes last: an asset without it is invisible and is simply stored again.
    await writeJsonAtomic(this.path(id, 'json'), stored);
    return this.info(stored);
  }

  /**
   * Decodes a picture whose header passed the ceilings: its preview (which also proves the file whole) and
   * whether anything in it is transparent. A large one says what it is doing meanwhile.
   */
  private async decodePreview(name: string, bytes: Uint8Array, meta: Metadata, large: boolean): Promise<{ thumbnail: Buffer; transparent: boolean }> {
    const steps = meta.hasAlpha === true ? 2 : 1;
    const say = (step: Words | null) => large && this.progress(name, step);
    const { width = 0, height = 0 } = meta;
    try {
      say(pictures.openingPreview(name, width, height, steps));
      const thumbnail = await sharp(bytes, { limitInputPixels: MAX_ASSET_PIXELS })
        .rotate()
        .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer()
        .catch(() => undefined);
      if (!thumbnail) throw refusedWith('bad-input', pictures.notDecoded(name));
      if (meta.hasAlpha !== true) return { thumbnail, transparent: false };
      // True only when something is transparent: an opaque alpha channel holds no mask (a fill with it would
      // repaint nothing the artist chose, and still be charged).
      say(pictures.openingTransparency(name, width, height));
      // The alpha channel alone, scanned here: sharp's stats() works out every channel's statistics and took 4.5 s
      // for a 4800 × 4000 picture that this reads and scans in 0.6 s.
      const alpha = await sharp(bytes, { limitInputPixels: MAX_ASSET_PIXELS }).extractChannel('alpha').raw().toBuffer();
      return { thumbnail, transparent: await anyBelowFull(alpha) };
    } finally {
      say(null);
    }
  }

  /**
   * An MP4 is taken whole or not at all: its boxes must all be there (a cut-short download is refused), it must
   * hold a picture, and in a codec the player can show. Its preview is a placeholder until a poster is stored.
   */
  private async importVideo(id: string, name: string, bytes: Uint8Array): Promise<AssetInfo> {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (brand === 'qt  ') throw refusedWith('bad-input', pictures.quickTime(name));
    const reading = readMp4(bytes);
    if (reading.kind !== 'mp4') throw refusedWith('bad-input', mp4Problem(name, reading.kind));
    const { info } = reading;
    if (!info.width || !info.height || !info.codec) throw refusedWith('bad-input', pictures.noPicture(name));
    const codec = VIDEO_CODECS[info.codec];
    if (!codec) {
      throw refusedWith('bad-input', info.codec === 'hvc1' || info.codec === 'hev1' ? pictures.hevc(name) : pictures.codec(name, info.codec.trim()));
    }
    if (info.seconds === null || info.seconds <= 0) throw refusedWith('bad-input', pictures.noLength(name));
    const stored: StoredAsset = {
      id,
      name,
      mime: MEDIA_TYPES.mp4.mime,
      bytes: bytes.byteLength,
      width: info.width,
      height: info.height,
      hasAlpha: false,
      ext: 'mp4',
      kind: 'video',
      seconds: info.seconds,
      frames: info.frames,
      fps: info.fps,
      poster: null,
    };
    await writeFileAtomic(this.path(id, 'mp4'), bytes);
    await writeFileAtomic(this.path(id, 'thumb.webp'), await placeholderPreview(info.width, info.height, THUMBNAIL_EDGE));
    await writeJsonAtomic(this.path(id, 'json'), stored);
    return this.info(stored);
  }

  /** Stores a video asset's poster frame (checked by `posterPreview`); its preview serves it from then on. */
  async setPoster(id: string, bytes: Uint8Array): Promise<AssetInfo> {
    const stored = await this.read(id);
    if (!stored) throw refusedWith('not-found', pictures.gone);
    if (stored.kind !== 'video') throw refusedWith('bad-input', pictures.pictureNoPoster(stored.name));
    const preview = await posterPreview(bytes, THUMBNAIL_EDGE);
    await writeFileAtomic(this.path(id, 'poster.webp'), preview);
    const updated: StoredAsset = { ...stored, poster: createHash('sha256').update(preview).digest('hex').slice(0, 12) };
    await writeJsonAtomic(this.path(id, 'json'), updated);
    return this.info(updated);
  }

  async get(id: string): Promise<AssetInfo> {
    const stored = await this.read(id);
    if (!stored) throw refusedWith('not-found', pictures.gone);
    return this.info(stored);
  }

  /**
   * Stores a copy scaled to fit `maxMegapixels` (an endpoint's input limit), in the original's format, and
   * says what changed. The original stays as it was.
   */
  async downscale(id: string, maxMegapixels: number): Promise<{ asset: AssetInfo; message: string; words: Words }> {
    const stored = await this.read(id);
    if (!stored) throw refusedWith('not-found', pictures.imageGone);
    if (stored.kind === 'video') throw refusedWith('bad-input', pictures.videoNoDownscale(stored.name));
    const mp = (stored.width * stored.height) / 1e6;
    if (mp <= maxMegapixels) return { asset: this.info(stored), ...told(pictures.downscaleNothing(stored.name, mp, maxMegapixels)) };
    const scale = Math.sqrt((maxMegapixels * 1e6) / (stored.width * stored.height));
    const width = Math.max(1, Math.floor(stored.width * scale));
    const height = Math.max(1, Math.floor(stored.height * scale));
    let pipeline = sharp(await readFile(this.path(id, stored.ext)), { limitInputPixels: MAX_ASSET_PIXELS })
      .resize(width, height, { fit: 'fill' })
      .withMetadata();
    pipeline =
      stored.mime === 'image/jpeg' ? pipeline.jpeg({ quality: 92 }) : stored.mime === 'image/webp' ? pipeline.webp({ quality: 92 }) : pipeline.png();
    const bytes = await pipeline.toBuffer();
    const dot = stored.name.lastIndexOf('.');
    const stem = dot > 0 ? stored.name.slice(0, dot) : stored.name;
    const ext = stored.mime === 'image/jpeg' ? 'jpg' : stored.mime === 'image/webp' ? 'webp' : 'png';
    const asset = await this.import(`${stem} (${maxMegapixels} MP).${ext}`, bytes);
    return {
      asset,
      ...told(pictures.downscaled(stored.name, stored, asset, maxMegapixels)),
    };
  }

  /** The stored bytes, for main-process code that sends an asset to the service. */
  async bytes(id: string): Promise<Uint8Array> {
    return readFile(await this.file(id));
  }

  /** Where the stored file is, for main-process code that reads it in pieces (a layered export's layers). */
  async file(id: string): Promise<string> {
    const stored = await this.read(id);
    if (!stored) throw refusedWith('not-found', pictures.gone);
    return this.path(id, stored.ext);
  }

  private path(id: string, ext: string): string {
    return join(this.dir, id.slice(0, 2), `${id}.${ext}`);
  }

  private async read(id: string): Promise<StoredAsset | undefined> {
    if (!/^[a-f0-9]{64}$/.test(id)) return undefined;
    try {
      const record = StoredAssetSchema.parse(JSON.parse(await readFile(this.path(id, 'json'), 'utf8')));
      if (record.id !== id) return undefined;
      await stat(this.path(id, record.ext));
      return record;
    } catch {
      return undefined;
    }
  }

  private async resolve(id: string, which: 'file' | 'thumb' | 'poster'): Promise<MediaFile | undefined> {
    const stored = await this.read(id);
    if (!stored) return undefined;
    if (which === 'file') return { file: this.path(id, stored.ext), mime: stored.mime };
    if (which === 'poster') return stored.poster ? { file: this.path(id, 'poster.webp'), mime: 'image/webp' } : undefined;
    return { file: this.path(id, 'thumb.webp'), mime: 'image/webp' };
  }

  private info(s: StoredAsset): AssetInfo {
    return {
      id: s.id,
      name: s.name,
      mime: s.mime,
      bytes: s.bytes,
      width: s.width,
      height: s.height,
      hasAlpha: s.hasAlpha,
      url: this.media.url('asset', s.id),
      // The query is not part of what is served: it gives each new poster a new address, past any cache.
      thumbnailUrl: s.poster ? `${this.media.url('asset-poster', s.id)}?v=${s.poster}` : this.media.url('asset-thumb', s.id),
      kind: s.kind,
      seconds: s.seconds,
      frames: s.frames,
      fps: s.fps,
      hasPoster: s.kind === 'image' || s.poster !== null,
    };
  }
}
