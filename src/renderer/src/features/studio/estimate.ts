import { useEffect, useMemo, useState } from 'react';
import type { SpendingEstimate } from '../../../../shared/ipc/contract';
import type { TaskRequest } from '../../../../shared/tasks/taskRequest';
import { gen } from '../../api';
import { useTaskStore } from '../../store/taskStore';
import { numberText } from '../queue/taskText';

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
  // The request object is rebuilt on every render; the key says when what is priced changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const asked = useMemo(() => request, [key]);
  useEffect(() => {
    let live = true;
    const asking = asked ? gen.spending.estimate({ request: asked }).then((r) => (r.ok ? r.value : null)) : Promise.resolve(null);
    void asking.then((estimate) => live && setAnswer({ key: asked ? pricedKey(asked) : null, estimate }));
    return () => {
      live = false;
    };
  }, [asked, finished]);
  return answer.key === key ? answer.estimate : null;
}

/** The parts of a request its price can depend on: the model, every parameter but free text, and the inputs. */
export function pricedKey(request: TaskRequest): string {
  const params = Object.fromEntries(Object.entries(request.params).filter(([, v]) => typeof v !== 'string' || v.length <= 32));
  return JSON.stringify([request.endpointId, params, request.inputs]);
}

/** The estimate line in words: "≈ 12.6 credits (3 × 4.2), from the public price list", or "Price unknown until sent". */
export function estimateText(estimate: SpendingEstimate | null, count: number): string {
  if (!estimate) return 'Estimating the price…';
  if (estimate.cost === null) return `Price ${estimate.words}`;
  const each = numberText(estimate.cost);
  return `≈ ${numberText(estimate.cost * count)} credits${count > 1 ? ` (${count} × ${each})` : ''}, ${estimate.words}`;
}
