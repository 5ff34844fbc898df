import { useEffect, useState } from 'react';
import type { IpcResult } from '../../../shared/ipc/result';

/**
 * Main's answer to `question`, or null while it is asked (and when there is nothing to ask). An answer shows only
 * for the question it answers: a changed question waits for its own, and a late answer to an old one is dropped.
 * `ask` is a function that stays the same (declared outside the component); a change of `again` asks the same
 * question afresh, the last answer showing until the new one comes.
 */
export function useAnswer<Q, A>(question: Q | null, ask: (question: Q) => Promise<IpcResult<A>>, again: unknown = null): A | null {
  const [answered, setAnswered] = useState<{ question: Q; answer: A } | null>(null);
  useEffect(() => {
    if (question === null) return;
    let live = true;
    void ask(question).then((r) => {
      if (live && r.ok) setAnswered({ question, answer: r.value });
    });
    return () => {
      live = false;
    };
  }, [question, ask, again]);
  return question !== null && answered?.question === question ? answered.answer : null;
}
