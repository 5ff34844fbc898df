import type { SpendingEstimate } from '../../../../shared/ipc/contract';
import type { TaskRequest } from '../../../../shared/tasks/taskRequest';
import type { AppText } from '../../../../shared/i18n/text';
import { currentText } from '../../ui/i18n/textStore';

/** The parts of a request its price can depend on: the model, every parameter but free text, and the inputs. */
export function pricedKey(request: TaskRequest): string {
  const params = Object.fromEntries(Object.entries(request.params).filter(([, v]) => typeof v !== 'string' || v.length <= 32));
  return JSON.stringify([request.endpointId, params, request.inputs]);
}

/** The estimate line in words: "≈ 12.6 credits (3 × 4.2), from the public price list", or "Price unknown until sent". */
export function estimateText(estimate: SpendingEstimate | null, count: number, text: AppText = currentText()): string {
  if (!estimate) return text.t('studio.estimate.asking');
  if (estimate.cost === null || estimate.basis === 'unknown') return text.t('studio.estimate.unknown');
  const how = { basis: estimate.basis, runs: estimate.runs };
  if (count <= 1) return text.t('studio.estimate.one', { ...how, credits: text.credits(estimate.cost) });
  return text.t('studio.estimate.many', { ...how, credits: text.credits(estimate.cost * count), count, each: text.number(estimate.cost) });
}
