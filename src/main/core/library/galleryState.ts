import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../deps';
import { writeJsonAtomic } from '../fs/atomicWrite';
import { asideStamp, readJsonOrSetAside } from '../fs/readJsonOrSetAside';
import type { NoticeBoard } from '../notices/noticeBoard';
import { noticeWords } from '../notices/noticeWords';

const FILE = '.gallery.json';

const MarkSchema = z.object({ starred: z.boolean(), discarded: z.boolean() });
const StateSchema = z.object({
  version: z.literal(1),
  marks: z.record(z.string(), MarkSchema),
  /** results deleted in a session that had not yet sent them to the OS trash when it ended */
  trash: z.array(z.string()),
});
export type Mark = z.infer<typeof MarkSchema>;

const UNMARKED: Mark = { starred: false, discarded: false };

/**
 * What the user decided about results (star, discard) and which are in the gallery's trash, kept beside the
 * library in one small file rather than in each sidecar: sidecars record how a result was made and are never
 * rewritten. Lost, it only forgets the stars; damaged, it is set aside with a notice.
 */
export class GalleryState {
  /**
   * The marks by id, for the gallery's filters that read one per result: a Map, because looking 100,000 ids up
   * in the parsed JSON object (most of them absent) cost the first starred or kept view about 100 ms.
   */
  private byId: ReadonlyMap<string, Mark>;

  private constructor(
    private readonly dir: string,
    private state: z.infer<typeof StateSchema>,
    private readonly log: Logger,
  ) {
    this.byId = new Map(Object.entries(state.marks));
  }

  /**
   * Reads the marks; a damaged file is set aside as it is (in `asideDir`) and the notice board says so, so the
   * stars in it are not overwritten by the next star and can still be recovered by hand.
   */
  static async open(o: { dir: string; asideDir: string; log: Logger; notices: Pick<NoticeBoard, 'add'>; now: () => number }): Promise<GalleryState> {
    const read = await readJsonOrSetAside(join(o.dir, FILE), { schema: StateSchema, aside: join(o.asideDir, `gallery.${asideStamp(o.now())}.json`) });
    if (read.status === 'set-aside') {
      o.log.warn('gallery marks unreadable; set aside', { aside: read.aside });
      o.notices.add('warning', noticeWords.galleryStateSetAside(read.aside));
    }
    return new GalleryState(o.dir, read.status === 'ok' ? read.value : { version: 1, marks: {}, trash: [] }, o.log);
  }

  markOf(id: string): Mark {
    return this.byId.get(id) ?? UNMARKED;
  }

  async mark(id: string, patch: Partial<Mark>): Promise<Mark> {
    const next = { ...this.markOf(id), ...patch };
    const marks = { ...this.state.marks };
    if (next.starred || next.discarded) marks[id] = next;
    else delete marks[id];
    await this.save({ ...this.state, marks });
    return next;
  }

  get pendingTrash(): readonly string[] {
    return this.state.trash;
  }

  async setPendingTrash(ids: readonly string[]): Promise<void> {
    await this.save({ ...this.state, trash: [...ids] });
  }

  /** Forgets the marks of results that are gone. */
  async forget(ids: readonly string[]): Promise<void> {
    const marks = { ...this.state.marks };
    for (const id of ids) delete marks[id];
    await this.save({ ...this.state, marks, trash: this.state.trash.filter((t) => !ids.includes(t)) });
  }

  private writing: Promise<void> = Promise.resolve();

  /** Writes one after another, so an older state never lands after a newer one. */
  private save(next: z.infer<typeof StateSchema>): Promise<void> {
    if (next.marks !== this.state.marks) this.byId = new Map(Object.entries(next.marks));
    this.state = next;
    this.writing = this.writing.then(() =>
      writeJsonAtomic(join(this.dir, FILE), this.state).catch((error: unknown) => {
        this.log.warn('gallery marks could not be saved', { error: error instanceof Error ? error.message : 'unknown' });
      }),
    );
    return this.writing;
  }
}
