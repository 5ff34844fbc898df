import type { GenApi } from '../../../../shared/ipc/api';
import type { IpcResult } from '../../../../shared/ipc/result';
import { sayTold } from '../../../../shared/i18n/say';
import { currentText } from './textStore';

const isRefusal = (v: unknown): v is Extract<IpcResult<unknown>, { ok: false }> =>
  typeof v === 'object' && v !== null && (v as { ok?: unknown }).ok === false && typeof (v as { error?: unknown }).error === 'object';

/**
 * A refusal's `message` in the language on screen when main sent it as words; anything else as it came. An issue
 * that repeats the message beside a field (a connection's address, a key's name) is said with it; the service's
 * own issues, which say something else, stay as sent.
 */
export function inLanguageShown(answer: unknown): unknown {
  if (!isRefusal(answer) || !answer.error.words) return answer;
  const { message: english, issues } = answer.error;
  const message = sayTold(currentText(), answer.error);
  const said = issues?.map((i) => (i.msg === english ? { ...i, msg: message } : i));
  return { ...answer, error: { ...answer.error, message, ...(said ? { issues: said } : {}) } };
}

/**
 * The bridge as the window hears it. Main sends each refusal with its words beside its English `message`; the
 * screens that show a refusal read `message` (some eighty places), so the words are said here, once, in the
 * language shown when the answer arrives, rather than at each of them. Subscriptions pass through untouched (a
 * listener's payload is not an answer). Plain copies rather than proxies: the preload's objects may be frozen,
 * and a proxy of a frozen object must report its own functions. A page with no bridge (a component's unit test that
 * never calls main) gets none.
 */
export function speakingBridge(bridge: GenApi | undefined): GenApi {
  if (!bridge) return bridge as unknown as GenApi;
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, members] of Object.entries(bridge as unknown as Record<string, Record<string, unknown>>)) {
    const copy: Record<string, unknown> = (out[name] = {});
    for (const [method, member] of Object.entries(members)) {
      copy[method] =
        typeof member === 'function' && !/^on[A-Z]/.test(method)
          ? (...args: unknown[]) => {
              const answer: unknown = Reflect.apply(member, members, args);
              return answer instanceof Promise ? answer.then(inLanguageShown) : answer;
            }
          : member;
    }
  }
  return out as unknown as GenApi;
}
