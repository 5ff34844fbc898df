import type { SpendingEstimate } from '../../../../shared/ipc/contract';
import type { TaskRequest } from '../../../../shared/tasks/taskRequest';
import { numberText } from '../../text/taskText';

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
