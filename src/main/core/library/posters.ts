import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../fs/atomicWrite';
import { posterPreview } from '../assets/poster';

/** A video result's poster is kept where an image's preview is; this is its size. */
const POSTER_EDGE = 320;

/**
 * Video results' poster frames, drawn by the renderer (checked and shrunk by `posterPreview`) and kept as the
 * result's preview; each has a short tag that gives a new poster a new address, past any cache.
 */
export class PosterStore {
  constructor(
    private readonly previewOf: (id: string) => string,
    private readonly tags: Map<string, string>,
  ) {}

  has(id: string): boolean {
    return this.tags.has(id);
  }

  tagOf(id: string): string | undefined {
    return this.tags.get(id);
  }

  async store(id: string, bytes: Uint8Array): Promise<void> {
    const preview = await posterPreview(bytes, POSTER_EDGE);
    await writeFileAtomic(this.previewOf(id), preview);
    this.tags.set(id, createHash('sha256').update(preview).digest('hex').slice(0, 12));
  }

  /** A video result's stored poster (a small WebP), or null: it goes with the video when it becomes an input. */
  async read(id: string): Promise<Uint8Array | null> {
    if (!this.tags.has(id)) return null;
    const bytes = await readFile(this.previewOf(id)).catch(() => undefined);
    return bytes ? new Uint8Array(bytes) : null;
  }

  forget(id: string): void {
    this.tags.delete(id);
  }
}
