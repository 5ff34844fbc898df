import sharp from 'sharp';
import { IpcFailure } from '../../../shared/ipc/result';

/** A poster is one frame the renderer drew from a <video>: nothing near these sizes is needed for a preview. */
const MAX_POSTER_BYTES = 16 * 1024 * 1024;
const MAX_POSTER_EDGE = 4096;
const POSTER_FORMATS = new Set(['png', 'jpeg', 'webp']);

/**
 * Checks bytes the renderer sent as a poster frame (a small PNG, JPEG or WebP that decodes whole) and returns the
 * preview to keep: a WebP at most `edge` px a side. Anything else is refused with a message, and nothing is stored.
 */
export async function posterPreview(bytes: Uint8Array, edge: number): Promise<Buffer> {
  if (bytes.byteLength === 0) throw new IpcFailure('bad-input', 'The poster frame is empty.');
  if (bytes.byteLength > MAX_POSTER_BYTES) {
    throw new IpcFailure('bad-input', `The poster frame is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB; a poster may be at most 16 MB.`);
  }
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.format || !POSTER_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new IpcFailure('bad-input', 'The poster frame is not a PNG, JPEG or WebP picture.');
  }
  if (meta.width > MAX_POSTER_EDGE || meta.height > MAX_POSTER_EDGE) {
    throw new IpcFailure('bad-input', `The poster frame is ${meta.width} × ${meta.height}; a poster may be at most ${MAX_POSTER_EDGE} px a side.`);
  }
  // Making the preview decodes every pixel, so a damaged picture fails here.
  return sharp(bytes, { failOn: 'error' })
    .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer()
    .catch(() => {
      throw new IpcFailure('bad-input', 'The poster frame could not be decoded; it may be damaged.');
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
