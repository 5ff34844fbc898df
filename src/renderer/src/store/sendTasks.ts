import type { TaskInfo } from '../../../shared/ipc/contract';
import type { IpcError } from '../../../shared/ipc/result';
import { sayCapRefusal } from '../../../shared/spending/capRefusalSaid';
import type { TaskRequest } from '../../../shared/tasks/taskRequest';
import { gen } from '../api';
import { currentText } from '../ui/i18n/textStore';
import type { AppText } from '../../../shared/i18n/text';
import { sayTold } from '../../../shared/i18n/say';
import { issueText } from '../text/issueText';
import { useTaskStore } from './taskStore';

export type Sent = { readonly ok: true; readonly tasks: TaskInfo[] } | { readonly ok: false; readonly error: IpcError; readonly text: string };

/**
 * Why main sent nothing, in the words every sending panel shows: the request's own problems, the caps' refusal
 * made into words from its data (the one place they are made), else the reason.
 */
export function notSentText(error: IpcError, text: AppText = currentText()): string {
  // The app's own checks in the language on screen; the service's words, where it sent them, as they came. Listed
  // as the language lists things, not joined with an English "; ".
  if (error.issues?.length) return text.t('ui.notSent', { problems: text.list(error.issues.map((i) => issueText(i, text).text), 'unit') });
  return error.refusal ? sayCapRefusal(text, error.refusal) : sayTold(text, error);
}

/**
 * Every press that sends work goes through here: main checks the request (its inputs, the caps) once, where it
 * is sent, and the tasks it made join the store at once, so the strip and queue show them before the first event.
 */
export async function send(request: TaskRequest, count: number, projectId: string | null): Promise<Sent> {
  const result = await gen.tasks.submitGroup({ request, count, projectId });
  if (!result.ok) return { ok: false, error: result.error, text: notSentText(result.error) };
  useTaskStore.getState().merge(result.value);
  return { ok: true, tasks: result.value };
}
