import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import sharp from 'sharp';
import type { ExportFormat } from '../../../shared/ipc/contract';
import { MEDIA_TYPES, sniffMediaType } from '../../../shared/media/mediaType';
import { readMp4 } from '../../../shared/media/mp4';
import { buildGenerationMetadata } from '../../../shared/metadata/generationMetadata';
import { displayName } from '../../../shared/text/displayName';
import type { AssetStore } from '../assets/assetStore';
import type { DesktopShell, Logger, NativeDrag } from '../deps';
import { libraryRefusal } from '../i18n/fileRefusals';
import { refusedWith } from '../i18n/refusal';
import type { Library } from './library';
import { asPng, encodeExport, readMetadata } from './metadata/embed';
import { remuxWithMetadata } from './metadata/mp4Export';

const EXTENSIONS = { png: 'png', jpeg: 'jpg', webp: 'webp', mp4: 'mp4' } as const;
const DRAG_ICON_EDGE = 96;

/** A film-frame icon for dragging a video out (it has no preview image). */
const VIDEO_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${DRAG_ICON_EDGE}" height="${DRAG_ICON_EDGE * 0.625}"><rect width="100%" height="100%" rx="8" fill="#23262d"/><polygon points="38,16 38,44 62,30" fill="#e8eaf0"/></svg>`;

const fileBytes = (file: string) =>
  readFile(file).catch(() => {
    throw refusedWith('not-found', libraryRefusal.fileMissing);
  });

/**
 * Results leaving the library: saved as another format with how they were made inside, copied, dragged out to
 * another application, and files dropped in read back for what made them.
 */
export class ResultExports {
  constructor(private readonly o: { library: Library; assets: Pick<AssetStore, 'get'>; desktop: DesktopShell; appVersion: string; log: Logger }) {}

  private metadataOf(id: string) {
    const item = this.o.library.get(id);
    return item.metadataLost ? null : buildGenerationMetadata(this.o.appVersion, item);
  }

  private async imageBytes(id: string): Promise<Buffer> {
    const paths = this.o.library.pathsOf(id);
    if (!paths.mime.startsWith('image/')) throw refusedWith('invalid-request', libraryRefusal.videoNotCopied);
    return fileBytes(paths.file);
  }

  /** A video leaves as MP4 with its parameters in the tags; a file mediabunny cannot copy leaves as it is. */
  private async videoExport(id: string, bytes: Uint8Array): Promise<{ bytes: Uint8Array; message?: string }> {
    const metadata = this.metadataOf(id);
    if (!metadata) return { bytes };
    try {
      return { bytes: await remuxWithMetadata(bytes, metadata) };
    } catch (error) {
      this.o.log.warn('video export could not be remuxed; copying the file as it is', { error: error instanceof Error ? error.message : 'unknown' });
      return { bytes, message: 'Its file could not be rewritten, so it was copied as it is, without the parameters inside.' };
    }
  }

  /** Saves a result where the user chooses (the system dialog), converted to `format`. */
  async export(id: string, format: ExportFormat, quality: number): Promise<{ saved: boolean; fileName: string | null; message?: string }> {
    const paths = this.o.library.pathsOf(id);
    const video = !paths.mime.startsWith('image/');
    if (video && format !== 'mp4') throw refusedWith('invalid-request', libraryRefusal.videoAsMp4);
    if (!video && format === 'mp4') throw refusedWith('invalid-request', libraryRefusal.pictureNotMp4);
    const bytes = await fileBytes(paths.file);
    const defaultName = `${basename(paths.name, extname(paths.name))}.${EXTENSIONS[format]}`;
    const target = await this.o.desktop.chooseSavePath({ defaultName, format });
    if (!target) return { saved: false, fileName: null };
    const { bytes: encoded, message } =
      format === 'mp4'
        ? await this.videoExport(id, bytes)
        : {
            bytes: await encodeExport(bytes, format, quality, this.metadataOf(id)).catch(() => {
              throw refusedWith('internal', libraryRefusal.notConverted);
            }),
          };
    await writeFile(target, encoded).catch((error: unknown) => {
      this.o.log.warn('export could not be written', { error: error instanceof Error ? error.message : 'unknown' });
      throw refusedWith('internal', libraryRefusal.notWritten(basename(target)));
    });
    return { saved: true, fileName: basename(target), ...(message ? { message } : {}) };
  }

  async copy(id: string): Promise<void> {
    await this.o.desktop.copyImage(await asPng(await this.imageBytes(id)));
  }

  /** The native drag of the library file itself; the icon must not be empty (macOS refuses the drag). */
  async dragOut(id: string, startDrag: (drag: NativeDrag) => void): Promise<void> {
    const paths = this.o.library.pathsOf(id);
    const filmFrame = () => sharp(Buffer.from(VIDEO_ICON_SVG)).png().toBuffer();
    const icon = paths.thumbnail ? await readFile(paths.thumbnail).then((b) => asPng(b, DRAG_ICON_EDGE)).catch(() => null) : await filmFrame();
    startDrag({ file: paths.file, icon: icon ?? (await filmFrame()) });
  }

  /** What made a file dropped on the app: Gen Studio's own metadata (with which inputs are stored here), or A1111's. */
  async readDropped(name: string, bytes: Uint8Array) {
    const shown = displayName(name);
    if (bytes.byteLength === 0) throw refusedWith('bad-input', libraryRefusal.droppedEmpty(shown));
    // An MP4 is walked by the bounded reading before any library reads it: a crafted one is refused here.
    if (sniffMediaType(bytes.subarray(0, 64)) === MEDIA_TYPES.mp4) {
      const mp4 = readMp4(bytes);
      if (mp4.kind !== 'mp4') throw refusedWith('bad-input', libraryRefusal.droppedNotMp4(shown, mp4.kind));
    }
    const found = await readMetadata(bytes);
    if (found.kind === 'none') return { kind: 'none' as const };
    if (found.kind === 'infotext') return { kind: 'infotext' as const, ...found.found };
    const inputs = await Promise.all(
      found.metadata.inputs.map(async (i) => ({
        field: i.field,
        assetId: i.sha256,
        ...(i.time !== undefined ? { time: i.time } : {}),
        available: /^[a-f0-9]{64}$/.test(i.sha256) && (await this.o.assets.get(i.sha256).then(() => true, () => false)),
      })),
    );
    return { kind: 'gen-studio' as const, metadata: found.metadata, inputs };
  }
}
