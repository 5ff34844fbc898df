import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ProjectIdSchema } from '../../../shared/ipc/contract';
import { writeJsonAtomic } from '../fs/atomicWrite';
import { asideStamp, readJsonOrSetAside } from '../fs/readJsonOrSetAside';

/** The folder inside a project's folder that holds its working copies and the round trip's record. */
export const EDITING_FOLDER = 'editing';
const SESSION_FILE = 'session.json';

const SessionRecordSchema = z.object({
  version: z.literal(1),
  projectId: ProjectIdSchema,
  editor: z.object({ name: z.string(), path: z.string().nullable() }),
  /** the working copy's name inside the project's editing folder; never a path, so it cannot point outside */
  file: z.string().regex(/^[^/\\]+$/),
  startedAt: z.number(),
  /** sha256 of the working copy as last read: a save with the same bytes (a touch, an unchanged save) is no version */
  seenHash: z.string(),
  /** how many saves have come back */
  saves: z.number().int().nonnegative(),
  /** saves stored as assets, not yet taken by the canvas */
  pending: z.array(z.object({ id: z.string(), assetId: z.string(), savedAt: z.number() })),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/**
 * Each project's round trip with an editor, recorded in the project's own folder (`editing/session.json`, beside
 * the working copy), so it survives a restart and goes where the project goes.
 */
export class SessionStore {
  constructor(
    /** the folder holding one folder per project */
    private readonly projectsDir: string,
    private readonly now: () => number,
  ) {}

  folderOf(projectId: string): string {
    return join(this.projectsDir, projectId, EDITING_FOLDER);
  }

  fileOf(record: Pick<SessionRecord, 'projectId' | 'file'>): string {
    return join(this.folderOf(record.projectId), record.file);
  }

  async read(projectId: string): Promise<SessionRecord | null> {
    const file = join(this.folderOf(projectId), SESSION_FILE);
    const read = await readJsonOrSetAside(file, { schema: SessionRecordSchema, aside: join(this.folderOf(projectId), `session-${asideStamp(this.now())}.damaged.json`) });
    return read.status === 'ok' && read.value.projectId === projectId ? read.value : null;
  }

  async write(record: SessionRecord): Promise<void> {
    await writeJsonAtomic(join(this.folderOf(record.projectId), SESSION_FILE), record);
  }

  /** Ends the record; the working copy stays where it is. */
  async remove(projectId: string): Promise<void> {
    await rm(join(this.folderOf(projectId), SESSION_FILE), { force: true });
  }

  /** Every project with a round trip recorded (read at start-up, to watch them again). */
  async all(): Promise<SessionRecord[]> {
    const entries = await readdir(this.projectsDir, { withFileTypes: true }).catch(() => []);
    const records: SessionRecord[] = [];
    for (const entry of entries) {
      if (!entry.isDirectory() || !ProjectIdSchema.safeParse(entry.name).success) continue;
      const record = await this.read(entry.name);
      if (record) records.push(record);
    }
    return records;
  }
}
