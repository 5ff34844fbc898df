import type { MediaRegistry } from '../media';
import { mediaTypeOf } from './resultFiles';

/**
 * The library's two media addresses: `result/<id>`, the result's file served as what its content is, and
 * `result-thumb/<id>`, its preview. Neither ever serves a path it was handed; both look the id up.
 */
export function registerResultMedia(
  media: MediaRegistry,
  lookup: { fileOf(id: string): string | undefined; previewOf(id: string): string | undefined },
): void {
  media.register('result', async (id) => {
    const file = lookup.fileOf(id);
    if (!file) return undefined;
    const type = await mediaTypeOf(file);
    return type ? { file, mime: type.mime } : undefined;
  });
  media.register('result-thumb', async (id) => {
    const file = lookup.previewOf(id);
    return file ? { file, mime: 'image/webp' } : undefined;
  });
}
