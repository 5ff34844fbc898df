import { describe, expect, it } from 'vitest';
import type { TaskInfo } from '../../../../shared/ipc/contract';
import { emptyDocument, type CanvasDocument } from '../../../../shared/canvas/document';
import { isDecided, masksResult, placement, selectionAfterLeaving, stepFrom, stripEntries } from './stripModel';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

function task(id: string, patch: Partial<TaskInfo> = {}): TaskInfo {
  return {
    id,
    endpointId: 'gen-pro-1.0-fill',
    state: 'done',
    serviceStatus: 'Ready',
    progress: 1,
    detail: null,
    params: { prompt: 'a red boat' },
    inputAssetIds: [],
    createdAt: Number(id.replace(/\D/g, '')) || 0,
    updatedAt: 0,
    submittedAt: null,
    finishedAt: null,
    nextAttemptAt: null,
    remoteId: null,
    cost: 5,
    settledCost: null,
    inputMp: null,
    outputMp: null,
    moderationReasons: [],
    error: null,
    resultId: `result-${id}`,
    connectionLabel: 'Sandbox',
    keyLabel: null,
    keyId: 'k1',
    canCancel: false,
    cancelWarning: null,
    canRetry: false,
    retryWarning: null,
    canSend: false,
    projectId: 'p1',
    group: null,
    origin: 'generate',
    ...patch,
  };
}

const doc = (patch: Partial<CanvasDocument> = {}): CanvasDocument => ({ ...emptyDocument('gen-pro-1.0-fill'), ...patch });
const image = (assetId: string) => ({ assetId, name: 'x.png', width: 10, height: 10 });
const byId = (...tasks: TaskInfo[]) => Object.fromEntries(tasks.map((t) => [t.id, t]));

describe('the results strip', () => {
  it('numbers the tasks waiting for a slot by their place in their key’s line, other projects’ tasks counted', () => {
    const waiting = { state: 'queued' as const, resultId: null, progress: null, serviceStatus: null };
    const tasks = byId(task('t1', waiting), task('t2', { ...waiting, projectId: 'other' }), task('t3', waiting), task('t4', { ...waiting, keyId: 'k2' }), task('t5', { state: 'running', resultId: null }));
    const labels = Object.fromEntries(stripEntries(tasks, 'p1', doc()).map((e) => [e.taskId, e.label]));
    expect(labels).toMatchObject({ t1: 'Queued · #1', t3: 'Queued · #3', t4: 'Queued · #1' });
    expect(labels.t5).not.toMatch(/#/);
  });

  it('shows only the project’s own results, oldest first, each saying where it stands in words', () => {
    const tasks = byId(
      task('t3', { state: 'running', resultId: null, progress: 0.4 }),
      task('t1'),
      task('t2', { state: 'moderated', resultId: null, serviceStatus: 'Request Moderated', moderationReasons: ['Violence'] }),
      task('t4', { state: 'failed', resultId: null, error: { code: 'service-error', message: 'The service ended the task with an error: out of memory.' } }),
      task('t5', { projectId: 'other' }),
      task('t6', { projectId: null }),
    );
    const entries = stripEntries(tasks, 'p1', doc());
    expect(entries.map((e) => [e.taskId, e.status, e.label])).toEqual([
      ['t1', 'ready', 'Ready'],
      ['t2', 'moderated', 'Moderated'],
      ['t3', 'working', 'Running 40%'],
      ['t4', 'failed', 'Failed'],
    ]);
    expect(entries[1]!.reason).toBe('The service refused this request (Violence). Nothing was charged. Change the prompt or the inputs and generate again.');
    expect(entries[3]!.reason).toBe('The service ended the task with an error: out of memory.');
    expect(entries[0]!.resultId).toBe('result-t1');
    expect(stripEntries(tasks, null, doc())).toEqual([]);
  });

  it('holds the studio’s own Generates only: an Explore matrix’s cells of the project and a Batch’s requests stay on their own screens', () => {
    const tasks = byId(
      task('t1'),
      task('t2', { origin: 'explore' }),
      task('t3', { origin: 'explore', state: 'cancelled', resultId: null }),
      task('t4', { origin: 'batch', projectId: 'p1' }),
      task('t5', { state: 'running', resultId: null }),
    );
    expect(stripEntries(tasks, 'p1', doc()).map((e) => e.taskId)).toEqual(['t1', 't5']);
  });

  it('shows a result as ready the moment the library files it, before its task’s record says done', () => {
    const tasks = byId(task('t1', { state: 'downloading', resultId: null, progress: 1 }), task('t2', { state: 'downloading', resultId: null }));
    const [filed, downloading] = stripEntries(tasks, 'p1', doc(), new Map([['t1', 'result-t1']]));
    expect(filed).toMatchObject({ status: 'ready', label: 'Ready', resultId: 'result-t1', reason: null, progress: null });
    expect(downloading).toMatchObject({ status: 'working', resultId: null });
    // A result filed for a task that has since ended otherwise is not shown as its result.
    expect(stripEntries(byId(task('t3', { state: 'failed', resultId: null })), 'p1', doc(), new Map([['t3', 'result-t3']]))[0]!.status).toBe('failed');
  });

  it('says a picture held back after it was made apart from a refused request', () => {
    const [entry] = stripEntries(byId(task('t1', { state: 'moderated', resultId: null, serviceStatus: 'Content Moderated', moderationReasons: ['Sexual Content'] })), 'p1', doc());
    expect(entry!.reason).toMatch(/^The service held back the picture it made \(Sexual Content\)\. Nothing was charged/);
  });

  it('leaves out discarded and kept results, and an accepted one only while its picture is the picture or a version', () => {
    const tasks = byId(task('t1'), task('t2'), task('t3'));
    const decided = doc({
      base: image(A),
      resultDecisions: { t1: { decision: 'discarded', at: 1 }, t2: { decision: 'kept', at: 2 }, t3: { decision: 'accepted', at: 3, assetId: A } },
    });
    expect(stripEntries(tasks, 'p1', decided)).toEqual([]);
    // The accept undone: the picture is the old one again, and the result comes back.
    const undone = { ...decided, base: image(B), versions: [{ image: image(B), replacedAt: 3, replacedBy: 't3' }] };
    expect(stripEntries(tasks, 'p1', undone).map((e) => e.taskId)).toEqual(['t3']);
    // Another result accepted later: the first accepted picture is a version now, and stays out.
    const later = { ...decided, base: image(B), versions: [{ image: image(A), replacedAt: 4, replacedBy: 't9' }] };
    expect(isDecided(later, 't3')).toBe(true);
  });

  it('steps with wrap-round and keeps a neighbour selected when the selected result leaves', () => {
    const entries = stripEntries(byId(task('t1'), task('t2'), task('t3')), 'p1', doc());
    expect(stepFrom(entries, 't1', 1)).toBe('t2');
    expect(stepFrom(entries, 't3', 1)).toBe('t1');
    expect(stepFrom(entries, 't1', -1)).toBe('t3');
    expect(stepFrom(entries, null, 1)).toBe('t1');
    expect(stepFrom(entries, null, -1)).toBe('t3');
    expect(stepFrom([], null, 1)).toBeNull();
    const without2 = entries.filter((e) => e.taskId !== 't2');
    expect(selectionAfterLeaving(entries, without2, 't2')).toBe('t3');
    expect(selectionAfterLeaving(entries, entries.slice(0, 2), 't3')).toBe('t2');
    expect(selectionAfterLeaving(entries, [], 't3')).toBeNull();
  });

  it('places a result over the picture where it belongs', () => {
    const base = { width: 100, height: 80 };
    expect(placement({ endpointId: 'gen-pro-1.0-fill', params: {} }, base, base)).toEqual({ x: 0, y: 0 });
    expect(placement({ endpointId: 'gen-pro-1.0-expand', params: { top: 10, left: 20, right: 5 } }, { width: 125, height: 90 }, base)).toEqual({ x: -20, y: -10 });
    expect(placement({ endpointId: 'outpainting-v1', params: { reference_offset_x: 30, reference_offset_y: 12 } }, { width: 300, height: 200 }, base)).toEqual({ x: -30, y: -12 });
    expect(placement({ endpointId: 'gen-2-pro', params: {} }, { width: 60, height: 40 }, base)).toEqual({ x: 20, y: 20 });
  });

  it('offers keeping outside the mask only for results that repainted a masked picture', () => {
    expect(masksResult('gen-pro-1.0-fill')).toBe(true);
    expect(masksResult('erase-v1')).toBe(true);
    expect(masksResult('gen-pro-1.0-expand')).toBe(false);
    expect(masksResult('gen-2-pro')).toBe(false);
  });
});

describe('the strip in the artist’s language', () => {
  it('says where a result stands and why it has no picture in the language on screen; main’s own words are marked as main’s', async () => {
    const { createText } = await import('../../../../shared/i18n/text');
    const { loadMessages } = await import('../../../../shared/i18n/catalog');
    const german = createText('de', await loadMessages('de'));
    const tasks = byId(
      task('t1'),
      task('t2', { state: 'moderated', serviceStatus: 'Request Moderated', moderationReasons: ['Violence'], resultId: null }),
      task('t3', { state: 'failed', error: { code: 'server-error', message: 'The service could not make this task.' }, resultId: null }),
    );
    const entries = stripEntries(tasks, 'p1', doc(), new Map(), german);
    expect(entries.map((e) => [e.label, e.reasonWords])).toEqual([
      ['Fertig', 'app'],
      ['Von der Moderation gestoppt', 'app'],
      ['Fehlgeschlagen', 'main'],
    ]);
    expect(entries[1]!.reason).toBe('Der Dienst hat diese Anfrage abgelehnt (Violence). Es wurde nichts berechnet. Ändere den Prompt oder die Eingaben und generiere noch einmal.');
  });
});
