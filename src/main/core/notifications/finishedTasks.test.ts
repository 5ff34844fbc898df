import { describe, expect, it } from 'vitest';
import type { TaskInfo } from '../../../shared/ipc/contract';
import { recordingDesktop } from '../desktop/nodeDesktop';
import { tempDir } from '../testing/tempDir';
import { notifyFinishedTasks } from './finishedTasks';
import { createText, ENGLISH_TEXT } from '../../../shared/i18n/text';
import { loadMessages } from '../../../shared/i18n/catalog';

const task = (patch: Partial<TaskInfo>): TaskInfo =>
  ({
    id: 't1',
    endpointId: 'gen-3-video',
    state: 'running',
    params: { prompt: 'waves on a rock' },
    createdAt: 0,
    submittedAt: 1_000,
    finishedAt: null,
    resultId: null,
    error: null,
    moderationReasons: [],
    ...patch,
  }) as TaskInfo;

describe('a notification when a long task ends in the background', () => {
  it('announces a task of more than 20 s once, and its click opens the result', async () => {
    const dir = await tempDir('notify');
    let focused = false;
    const desktop = recordingDesktop(dir.path, { focused: () => focused });
    const opened: Array<{ resultId: string | null }> = [];
    const notify = notifyFinishedTasks(desktop, () => ENGLISH_TEXT, (t) => opened.push(t));
    notify(task({}));
    notify(task({ state: 'done', finishedAt: 31_000, resultId: 'r1' }));
    notify(task({ state: 'done', finishedAt: 31_000, resultId: 'r1' }));
    expect(desktop.calls).toEqual([{ call: 'notify', title: 'Gen 3 Video is ready', body: 'waves on a rock' }]);
    expect(desktop.clickLastNotification()).toBe(true);
    expect(opened).toEqual([{ resultId: 'r1' }]);

    // Short tasks, and any task while the window has the focus, are not announced.
    notify(task({ id: 't2', endpointId: 'gen-dev', state: 'done', finishedAt: 20_000, resultId: 'r2' }));
    focused = true;
    notify(task({ id: 't3', state: 'done', finishedAt: 60_000, resultId: 'r3' }));
    focused = false;
    notify(task({ id: 't4', state: 'moderated', finishedAt: 60_000, moderationReasons: ['Violence'] }));
    expect(desktop.calls.map((c) => (c.call === 'notify' ? c.title : c.call))).toEqual(['Gen 3 Video is ready', 'Gen 3 Video was moderated']);
    desktop.clickLastNotification();
    expect(opened.at(-1)).toEqual({ resultId: null });
    await dir.remove();
  });

  it('speaks the app’s language: the model’s name stays, the words around it are translated', async () => {
    const dir = await tempDir('notify-ja');
    const desktop = recordingDesktop(dir.path, { focused: () => false });
    const japanese = createText('ja', await loadMessages('ja'));
    const notify = notifyFinishedTasks(desktop, () => japanese, () => {});
    notify(task({ state: 'done', finishedAt: 31_000, resultId: 'r1', params: {} }));
    expect(desktop.calls).toEqual([{ call: 'notify', title: 'Gen 3 Video ができあがりました', body: 'クリックして結果を見る。' }]);
    await dir.remove();
  });
});
