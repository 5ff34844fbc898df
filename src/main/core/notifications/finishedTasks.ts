import { findEndpoint } from '../../../shared/catalog/catalog';
import type { TaskInfo } from '../../../shared/ipc/contract';
import type { MessageId } from '../../../shared/i18n/catalog';
import type { AppText } from '../../../shared/i18n/text';
import type { DesktopShell } from '../deps';

/** Tasks shorter than this finish while the user is still looking: no notification. */
const NOTIFY_AFTER_MS = 20_000;

const ENDINGS: Partial<Record<TaskInfo['state'], MessageId>> = {
  done: 'notification.ready',
  failed: 'notification.failed',
  moderated: 'notification.moderated',
};

/**
 * A system notification when a task that took more than 20 s ends while the window is in the background;
 * clicking it opens the result (or the queue, for a task without one). Each task is announced once.
 */
export function notifyFinishedTasks(
  desktop: Pick<DesktopShell, 'notify' | 'windowFocused'>,
  text: () => AppText,
  open: (target: { resultId: string | null }) => void,
): (task: TaskInfo) => void {
  const announced = new Set<string>();
  return (task) => {
    const ending = ENDINGS[task.state];
    if (!ending || announced.has(task.id) || task.finishedAt === null) return;
    const started = task.submittedAt ?? task.createdAt;
    if (task.finishedAt - started <= NOTIFY_AFTER_MS || desktop.windowFocused()) return;
    announced.add(task.id);
    const words = text();
    const title = words.t(ending, { model: findEndpoint(task.endpointId)?.title ?? task.endpointId });
    const prompt = typeof task.params.prompt === 'string' ? task.params.prompt : '';
    const body = task.state === 'done' ? prompt.slice(0, 120) || words.t('notification.clickToSee') : (task.error?.message ?? task.moderationReasons.join(', ')).slice(0, 160);
    desktop.notify({ title, body, onClick: () => open({ resultId: task.state === 'done' ? task.resultId : null }) });
  };
}
