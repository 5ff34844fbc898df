import sharp from 'sharp';
import { pictures } from '../i18n/pictureWords';
import { refusedWith } from '../i18n/refusal';

/** A poster is one frame the renderer drew from a <video>: nothing near these sizes is needed for a preview. */
const MAX_POSTER_BYTES = 16 * 1024 * 1024;
const MAX_POSTER_EDGE = 4096;
const POSTER_FORMATS = new Set(['png', 'jpeg', 'webp']);

/**
 * Checks bytes the renderer sent as a poster frame (a small PNG, JPEG or WebP that decodes whole) and returns the
 * preview to keep: a WebP at most `edge` px a side. Anything else is refused with a message, and nothing is stored.
 */
export async function posterPreview(bytes: Uint8Array, edge: number): Promise<Buffer> {
  if (bytes.byteLength === 0) throw refusedWith('bad-input', pictures.posterEmpty);
  if (bytes.byteLength > MAX_POSTER_BYTES) {
    throw refusedWith('bad-input', pictures.posterTooLarge(bytes.byteLength / 1024 / 1024, MAX_POSTER_BYTES / 1024 / 1024));
  }
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.format || !POSTER_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw refusedWith('bad-input', pictures.posterNotPicture);
  }
  if (meta.width > MAX_POSTER_EDGE || meta.height > MAX_POSTER_EDGE) {
    throw refusedWith('bad-input', pictures.posterTooBig(meta.width, meta.height, MAX_POSTER_EDGE));
  }
  // Making the preview decodes every pixel, so a damaged picture fails here.
  return sharp(bytes, { failOn: 'error' })
    .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer()
    .catch(() => {
      throw refusedWith('bad-input', pictures.posterNotDecoded);
    });
}

/** A neutral film-frame picture at a video's aspect: what a video shows until its poster frame is stored. */
export function placeholderPreview(width: number, height: number, edge: number): Promise<Buffer> {
  const scale = edge / Math.max(width, height);
  const w = Math.max(16, Math.round(width * scale));
  const h = Math.max(16, Math.round(height * scale));
  const s = Math.min(w, h) * 0.18;
  const cx = w / 2;
  const cy = h / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#23262d"/><polygon points="${cx - s * 0.8},${cy - s} ${cx - s * 0.8},${cy + s} ${cx + s},${cy}" fill="#e8eaf0"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
