import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyDocument, type CanvasDocument } from '../../../shared/canvas/document';
import { projectCalls } from '../../../shared/ipc/contract';
import { IpcFailure } from '../../../shared/ipc/result';
import { NoticeBoard } from '../notices/noticeBoard';
import { captureLog } from '../testing/captureLog';
import { tempDir } from '../testing/tempDir';
import { ProjectStore } from './projectStore';

let dir: Awaited<ReturnType<typeof tempDir>>;
let notices: NoticeBoard;
let clock = 1_000;

const open = () =>
  ProjectStore.open({ dataDir: dir.path, notices, log: captureLog(), now: () => ++clock, thumbnailOf: async (id) => `gen-media://asset/${id}/thumb` });

const withMask = (blob: string | null): CanvasDocument => {
  const doc = emptyDocument('gen-pro-1.0-fill');
  return { ...doc, mask: { ...doc.mask, blob }, expansion: { top: 0, bottom: 32, left: 0, right: 64 } };
};
const bytes = (...values: number[]) => new Uint8Array(values);

beforeEach(async () => {
  dir = await tempDir('projects');
  notices = new NoticeBoard({ now: () => clock });
});
afterEach(() => dir.remove());

describe('ProjectStore', () => {
  it('opens a project saved before the timeline (document version 1) with an empty timeline, and keeps its keyframes once saved', async () => {
    const store = await open();
    const { id } = await store.create('Old', emptyDocument('gen-pro-1.0-fill'));
    const file = join(dir.path, 'projects', id, 'project.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { document: Record<string, unknown> };
    delete saved.document.timeline;
    await writeFile(file, JSON.stringify({ ...saved, document: { ...saved.document, version: 1 } }));

    const reopened = await open();
    const opened = await reopened.open(id);
    expect(opened.document.version).toBe(2);
    expect(opened.document.timeline).toEqual({ keyframes: [], source: null });
    const keyframe = { id: 'k1', image: { assetId: 'a'.repeat(64), name: 'a.png', width: 8, height: 8 }, frame: 48 };
    await reopened.save(id, { ...opened.document, timeline: { keyframes: [keyframe], source: null } }, {});
    expect((await (await open()).open(id)).document.timeline.keyframes).toEqual([keyframe]);
  });

  it('saves a document with its mask and opens it again, exactly, after a restart', async () => {
    const store = await open();
    const project = await store.create('Poster', emptyDocument('gen-pro-1.0-fill'));
    const document = withMask('mask-1.png');
    await store.save(project.id, document, { 'mask-1.png': bytes(1, 2, 3) });

    const reopened = await open();
    const listed = await reopened.list();
    expect(listed.projects.map((p) => p.name)).toEqual(['Poster']);
    const opened = await reopened.open(project.id);
    expect(opened.document).toEqual(document);
    expect([...opened.blobs['mask-1.png']!]).toEqual([1, 2, 3]);
    expect((await (await open()).list()).lastOpenedId).toBe(project.id);
  });

  it('keeps the blobs the document names, removes replaced ones, and refuses a name that was never sent', async () => {
    const store = await open();
    const { id } = await store.create('P', emptyDocument('gen-pro-1.0-fill'));
    await store.save(id, withMask('mask-1.png'), { 'mask-1.png': bytes(1) });
    // A later save that changes only the margins sends no blob and keeps the mask.
    await store.save(id, { ...withMask('mask-1.png'), expansion: { top: 8, bottom: 0, left: 0, right: 0 } }, {});
    expect(await readdir(join(dir.path, 'projects', id, 'blobs'))).toEqual(['mask-1.png']);
    await store.save(id, withMask('mask-2.png'), { 'mask-2.png': bytes(2) });
    expect(await readdir(join(dir.path, 'projects', id, 'blobs'))).toEqual(['mask-2.png']);

    const refused = store.save(id, withMask('mask-3.png'), {});
    await expect(refused).rejects.toBeInstanceOf(IpcFailure);
    await expect(refused).rejects.toThrow(/mask-3.png/);
    expect((await store.open(id)).document.mask.blob).toBe('mask-2.png');
  });

  it('applies saves of one project in the order they were asked for', async () => {
    const store = await open();
    const { id } = await store.create('P', emptyDocument('gen-pro-1.0-fill'));
    const saves = [1, 2, 3, 4, 5].map((n) => store.save(id, { ...withMask(`mask-${n}.png`), expansion: { top: n, bottom: 0, left: 0, right: 0 } }, { [`mask-${n}.png`]: bytes(n) }));
    await Promise.all(saves);
    const opened = await (await open()).open(id);
    expect(opened.document.expansion.top).toBe(5);
    expect(Object.keys(opened.blobs)).toEqual(['mask-5.png']);
  });

  it('renames, duplicates with the mask, and removes', async () => {
    const store = await open();
    const { id } = await store.create('Poster', emptyDocument('gen-pro-1.0-fill'));
    await store.save(id, withMask('mask-1.png'), { 'mask-1.png': bytes(9) });
    await store.rename(id, 'Poster final');
    const copy = await store.duplicate(id, 'Poster copy');
    expect(copy.id).not.toBe(id);
    expect([...(await store.open(copy.id)).blobs['mask-1.png']!]).toEqual([9]);
    expect(await store.remove(id)).toEqual({ removed: true });
    expect(await store.remove(id)).toEqual({ removed: false });
    expect((await (await open()).list()).projects.map((p) => p.name)).toEqual(['Poster copy']);
    await expect(store.open(id)).rejects.toThrow(/no longer exists/);
  });

  it('sets a corrupt project aside with a notice and keeps the others', async () => {
    const store = await open();
    const good = await store.create('Good', emptyDocument('gen-dev'));
    const bad = await store.create('Bad', emptyDocument('gen-dev'));
    await writeFile(join(dir.path, 'projects', bad.id, 'project.json'), '{"version":1, "trunc');

    const reopened = await open();
    expect((await reopened.list()).projects.map((p) => p.id)).toEqual([good.id]);
    expect(notices.list().map((n) => n.message).join()).toMatch(/could not be read and was set aside/);
    const aside = await readdir(join(dir.path, 'projects', '.set-aside'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir.path, 'projects', '.set-aside', aside[0]!, 'project.json'), 'utf8')).toContain('trunc');
  });

  it('lists the others when one project’s id breaks the id pattern, and sets that one aside with a notice', async () => {
    const store = await open();
    const good = await store.create('Good', emptyDocument('gen-dev'));
    const bad = await store.create('Hand-made', emptyDocument('gen-dev'));
    // Copied by hand under a name the app never makes, with the file saying the same: the list answer's schema
    // (the one the IPC dispatcher checks) refused the whole list for it.
    const file = JSON.parse(await readFile(join(dir.path, 'projects', bad.id, 'project.json'), 'utf8')) as { id: string };
    await rename(join(dir.path, 'projects', bad.id), join(dir.path, 'projects', 'My Project!'));
    await writeFile(join(dir.path, 'projects', 'My Project!', 'project.json'), JSON.stringify({ ...file, id: 'My Project!' }));

    const reopened = await open();
    const listed = projectCalls['projects.list'].response.parse(await reopened.list());
    expect(listed.projects.map((p) => p.id)).toEqual([good.id]);
    expect(notices.list().map((n) => n.message).join()).toMatch(/A project could not be read and was set aside, unchanged, in .*My Project!/);
    const aside = await readdir(join(dir.path, 'projects', '.set-aside'));
    expect(aside).toEqual([expect.stringMatching(/^My Project!-/)]);
    expect(await readdir(join(dir.path, 'projects'))).toEqual(expect.not.arrayContaining(['My Project!']));
  });

  it('opens a project whose mask file is gone without the mask, and says so', async () => {
    const store = await open();
    const { id } = await store.create('P', emptyDocument('gen-pro-1.0-fill'));
    await store.save(id, withMask('mask-1.png'), { 'mask-1.png': bytes(1) });
    await rm(join(dir.path, 'projects', id, 'blobs', 'mask-1.png'));
    const opened = await (await open()).open(id);
    expect(opened.document.mask.blob).toBeNull();
    expect(opened.document.expansion).toEqual(withMask(null).expansion);
    expect(notices.list().map((n) => n.message).join()).toMatch(/mask of “P” could not be read/);
  });
});
