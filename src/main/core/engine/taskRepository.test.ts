import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { NoticeBoard } from '../notices/noticeBoard';
import { tempDir } from '../testing/tempDir';
import { newTaskRecord, type TaskRecord } from './taskRecord';
import { TaskRepository } from './taskRepository';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => (dir = await tempDir('task-repo')));
afterEach(() => dir.remove());

const NOW = Date.UTC(2026, 0, 14, 12);

/** A task the service accepted and is still polled for. */
function record(id: string, createdAt: number): TaskRecord {
  return {
    ...newTaskRecord({
      id,
      request: { endpointId: 'gen-dev', params: { prompt: 'kept' }, inputs: {} },
      connectionId: 'sandbox',
      connectionLabel: 'Sandbox',
      keyId: 'sandbox',
      keyLabel: null,
      state: 'running',
      createdAt,
      detail: null,
    }),
    submittedAt: createdAt,
    remote: { id: `remote-${id}`, pollingUrl: 'http://127.0.0.1:1/v1/get_result?id=x', cost: 1, inputMp: null, outputMp: 1, acceptedAt: createdAt },
    serviceStatus: 'Pending',
    pollingSince: createdAt,
  };
}

describe('task records on disk', () => {
  it('set an unreadable record aside with a notice, and load the others', async () => {
    const tasks = join(dir.path, 'tasks');
    const notices = new NoticeBoard({ now: () => NOW });
    const repo = new TaskRepository(tasks, notices, silentLogger, () => NOW);
    await repo.save(record('bbbb', 2));
    await repo.save(record('aaaa', 1));
    await mkdir(tasks, { recursive: true });
    // Cut short, and whole JSON of the wrong shape: neither may stop the others from loading.
    await writeFile(join(tasks, 'cut.json'), '{"version":1,"id":"cut","state":"runn');
    await writeFile(join(tasks, 'alien.json'), JSON.stringify({ version: 7, id: 'alien' }));

    const loaded = await repo.loadAll();
    expect(loaded.map((r) => r.id)).toEqual(['aaaa', 'bbbb']);
    expect((await readdir(tasks)).sort()).toEqual(['.set-aside', 'aaaa.json', 'bbbb.json']);
    const aside = await readdir(join(tasks, '.set-aside'));
    expect(aside).toHaveLength(2);
    // Set aside byte for byte, so nothing is lost to whoever looks into it.
    const cut = aside.find((n) => n.startsWith('cut.json.'))!;
    expect(await readFile(join(tasks, '.set-aside', cut), 'utf8')).toBe('{"version":1,"id":"cut","state":"runn');
    const messages = notices.list().map((n) => n.message);
    expect(messages).toHaveLength(2);
    expect(messages.every((m) => /could not be read and was set aside as .*\.set-aside.*service may still have finished it/.test(m))).toBe(true);
    expect(notices.list().every((n) => n.level === 'error')).toBe(true);

    // The next start finds only the good ones, and says nothing more.
    const again = new NoticeBoard({ now: () => NOW });
    expect((await new TaskRepository(tasks, again, silentLogger, () => NOW).loadAll()).map((r) => r.id)).toEqual(['aaaa', 'bbbb']);
    expect(again.list()).toEqual([]);
  });

  it('set aside a record whose id is not its file name or not an id, so no path is ever made of it', async () => {
    const tasks = join(dir.path, 'tasks');
    const notices = new NoticeBoard({ now: () => NOW });
    const repo = new TaskRepository(tasks, notices, silentLogger, () => NOW);
    await repo.save(record('aaaa', 1));
    // Whole, well-formed records, edited by hand: an id that climbs out of the data folder, and one that
    // names another task's file.
    await writeFile(join(tasks, 'evil.json'), JSON.stringify(record('../../../X', 2)));
    await writeFile(join(tasks, 'cccc.json'), JSON.stringify(record('dddd', 3)));

    expect((await repo.loadAll()).map((r) => r.id)).toEqual(['aaaa']);
    expect((await readdir(tasks)).sort()).toEqual(['.set-aside', 'aaaa.json']);
    expect((await readdir(join(tasks, '.set-aside'))).sort()).toEqual([expect.stringMatching(/^cccc\.json\./), expect.stringMatching(/^evil\.json\./)]);
    expect(notices.list().map((n) => n.message)).toEqual([expect.stringMatching(/set aside/), expect.stringMatching(/set aside/)]);
  });
});
