import type { CoreDeps, DesktopShell, Logger } from '../deps';
import type { Library } from '../library/library';
import type { HandlersFor } from './types';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import sharp from 'sharp';
import { findEndpoint } from '../../../shared/catalog/catalog';
import { buildGenerationMetadata } from '../../../shared/metadata/generationMetadata';
import { IpcFailure } from '../../../shared/ipc/result';
import { MEDIA_TYPES, sniffMediaType } from '../../../shared/media/mediaType';
import { MP4_PROBLEM, readMp4 } from '../../../shared/media/mp4';
import { displayName } from '../../../shared/text/displayName';
import type { AssetStore } from '../assets/assetStore';
import { asPng, encodeExport, readMetadata } from '../library/metadata/embed';
import { remuxWithMetadata } from '../library/metadata/mp4Export';

export function libraryHandlers(library: Library, deps: Pick<CoreDeps, 'openPath' | 'log'>): HandlersFor<'library.page' | 'library.locate' | 'library.facets' | 'library.get' | 'library.openFolder' | 'library.setPoster'> {
  return {
    'library.page': async ({ query, offset, limit }) => library.page(query ?? {}, offset, limit),
    'library.locate': async ({ query, id }) => ({ index: library.locate(query ?? {}, id) }),
    'library.facets': async () => library.facets(),
    'library.get': async ({ id }) => library.get(id),
    'library.openFolder': async () => {
      const problem = await deps.openPath(library.dir);
      if (problem) deps.log.warn('could not open the library folder', { problem });
      return { opened: !problem, path: library.dir };
    },
    'library.setPoster': ({ resultId, bytes }) => library.setPoster(resultId, bytes),
  };
}

type GalleryCalls =
  | 'library.mark'
  | 'library.trash'
  | 'library.untrash'
  | 'library.export'
  | 'library.copy'
  | 'library.reveal'
  | 'library.startDrag'
  | 'library.readDropped';

const EXTENSIONS = { png: 'png', jpeg: 'jpg', webp: 'webp', mp4: 'mp4' } as const;
const DRAG_ICON_EDGE = 96;

/** A film-frame icon for dragging a video out (it has no preview image). */
const VIDEO_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${DRAG_ICON_EDGE}" height="${DRAG_ICON_EDGE * 0.625}"><rect width="100%" height="100%" rx="8" fill="#23262d"/><polygon points="38,16 38,44 62,30" fill="#e8eaf0"/></svg>`;

export function galleryHandlers(o: { library: Library; assets: Pick<AssetStore, 'get'>; desktop: DesktopShell; appVersion: string; log: Logger }): HandlersFor<GalleryCalls> {
  const { library, desktop } = o;

  const metadataOf = (id: string) => {
    const item = library.get(id);
    if (item.metadataLost) return null;
    return buildGenerationMetadata({
      appVersion: o.appVersion,
      endpoint: { id: item.endpointId, title: findEndpoint(item.endpointId)?.title ?? null, release: item.release },
      params: item.params,
      seed: item.seed,
      width: item.width,
      height: item.height,
      inputs: item.inputs,
    });
  };

  const fileBytes = (file: string) =>
    readFile(file).catch(() => {
      throw new IpcFailure('not-found', 'That result’s file is missing from the library folder.');
    });

  const imageBytes = async (id: string, doing: string) => {
    const paths = library.pathsOf(id);
    if (!paths.mime.startsWith('image/')) throw new IpcFailure('invalid-request', `A video cannot be ${doing} as a picture: drag it out, or reveal its file.`);
    return fileBytes(paths.file);
  };

  /** A video leaves as MP4 with its parameters in the tags; a file mediabunny cannot copy leaves as it is. */
  const videoExport = async (id: string, bytes: Uint8Array): Promise<{ bytes: Uint8Array; message?: string }> => {
    const metadata = metadataOf(id);
    if (!metadata) return { bytes };
    try {
      return { bytes: await remuxWithMetadata(bytes, metadata) };
    } catch (error) {
      o.log.warn('video export could not be remuxed; copying the file as it is', { error: error instanceof Error ? error.message : 'unknown' });
      return { bytes, message: 'Its file could not be rewritten, so it was copied as it is, without the parameters inside.' };
    }
  };

  return {
    'library.mark': ({ id, starred, discarded }) => library.mark(id, { ...(starred !== undefined ? { starred } : {}), ...(discarded !== undefined ? { discarded } : {}) }),
    'library.trash': async ({ id }) => {
      await library.trash(id);
      return { id };
    },
    'library.untrash': ({ id }) => library.untrash(id),
    'library.export': async ({ id, format, quality }) => {
      const paths = library.pathsOf(id);
      const video = !paths.mime.startsWith('image/');
      if (video && format !== 'mp4') throw new IpcFailure('invalid-request', 'A video is saved as MP4, not as a picture.');
      if (!video && format === 'mp4') throw new IpcFailure('invalid-request', 'A picture is saved as PNG, JPEG or WebP, not as MP4.');
      const bytes = await fileBytes(paths.file);
      const defaultName = `${basename(paths.name, extname(paths.name))}.${EXTENSIONS[format]}`;
      const target = await desktop.chooseSavePath({ defaultName, format });
      if (!target) return { saved: false, fileName: null };
      const { bytes: encoded, message } =
        format === 'mp4'
          ? await videoExport(id, bytes)
          : {
              bytes: await encodeExport(bytes, format, quality, metadataOf(id)).catch(() => {
                throw new IpcFailure('internal', 'The picture could not be converted; the details are in the log.');
              }),
            };
      await writeFile(target, encoded).catch((error: unknown) => {
        o.log.warn('export could not be written', { error: error instanceof Error ? error.message : 'unknown' });
        throw new IpcFailure('internal', `Gen Studio could not write ${basename(target)}: check that the folder exists and may be written to.`);
      });
      return { saved: true, fileName: basename(target), ...(message ? { message } : {}) };
    },
    'library.copy': async ({ id }) => {
      await desktop.copyImage(await asPng(await imageBytes(id, 'copied')));
      return { copied: true };
    },
    'library.reveal': async ({ id }) => {
      await desktop.showItemInFolder(library.pathsOf(id).file);
      return { shown: true };
    },
    'library.startDrag': async ({ id }, context) => {
      if (!context?.startDrag) throw new IpcFailure('invalid-request', 'Dragging out is not available in this window.');
      const paths = library.pathsOf(id);
      // The icon must not be empty (macOS refuses the drag): the preview, or a film frame for a video.
      const icon = paths.thumbnail
        ? await readFile(paths.thumbnail).then((b) => asPng(b, DRAG_ICON_EDGE)).catch(() => null)
        : await sharp(Buffer.from(VIDEO_ICON_SVG)).png().toBuffer();
      context.startDrag({ file: paths.file, icon: icon ?? (await sharp(Buffer.from(VIDEO_ICON_SVG)).png().toBuffer()) });
      return { started: true };
    },
    'library.readDropped': async ({ name, bytes }) => {
      const shown = displayName(name);
      if (bytes.byteLength === 0) throw new IpcFailure('bad-input', `“${shown}” is empty: it holds no picture or clip to read.`);
      // An MP4 is walked by the bounded reading before any library reads it: a crafted one is refused here.
      if (sniffMediaType(bytes.subarray(0, 64)) === MEDIA_TYPES.mp4) {
        const mp4 = readMp4(bytes);
        if (mp4.kind !== 'mp4') throw new IpcFailure('bad-input', `“${shown}” ${MP4_PROBLEM[mp4.kind]}.`);
      }
      const found = await readMetadata(bytes);
      if (found.kind === 'none') return { kind: 'none' };
      if (found.kind === 'infotext') return { kind: 'infotext', ...found.found };
      const inputs = await Promise.all(
        found.metadata.inputs.map(async (i) => ({
          field: i.field,
          assetId: i.sha256,
          ...(i.time !== undefined ? { time: i.time } : {}),
          available: /^[a-f0-9]{64}$/.test(i.sha256) && (await o.assets.get(i.sha256).then(() => true, () => false)),
        })),
      );
      return { kind: 'gen-studio', metadata: found.metadata, inputs };
    },
  };
}
