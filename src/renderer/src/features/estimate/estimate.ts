import { useEffect, useRef, useState } from 'react';
import type { SpendingEstimate } from '../../../../shared/ipc/contract';
import type { TaskRequest } from '../../../../shared/tasks/taskRequest';
import { gen } from '../../api';
import { useTaskStore } from '../../store/taskStore';
import { pricedKey } from './estimateText';

/**
 * What this request is expected to cost with the active key, asked of main (which knows the asset sizes and what
 * the key was charged): again when what is priced changes (model, sizes, inputs, length; not the prompt's words)
 * and when a task finishes, since a finished run refines the estimate.
 */
export function useEstimate(request: TaskRequest | null): SpendingEstimate | null {
  // Kept with the request it answers: while the answer for another model or size is on its way, none shows.
  const [answer, setAnswer] = useState<{ key: string | null; estimate: SpendingEstimate | null }>({ key: null, estimate: null });
  const finished = useTaskStore((s) => Object.values(s.tasks).filter((t) => t.state === 'done' || t.state === 'failed' || t.state === 'moderated').length);
  const key = request ? pricedKey(request) : null;
  // The request changes with every word of the prompt; main is asked again only when the key (what is priced) does.
  const latest = useRef(request);
  useEffect(() => {
    latest.current = request;
  });
  useEffect(() => {
    let live = true;
    const asked = latest.current;
    const asking = asked ? gen.spending.estimate({ request: asked }).then((r) => (r.ok ? r.value : null)) : Promise.resolve(null);
    void asking.then((estimate) => live && setAnswer({ key, estimate }));
    return () => {
      live = false;
    };
  }, [key, finished]);
  return answer.key === key ? answer.estimate : null;
}

