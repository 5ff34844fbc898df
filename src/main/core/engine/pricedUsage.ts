import type { Usage } from '../../../shared/pricing/usage';
import type { TaskRecord } from './taskRecord';

/**
 * What a task was priced on, for the ledger: the megapixels the service reported on accepting it, where it did,
 * else what the app expected when it was sent; the length is the one asked for. Undefined for a record from
 * before expected usages were kept that the service gave no figures for.
 */
export function pricedUsage(r: Pick<TaskRecord, 'usage' | 'remote'>): Usage | undefined {
  const inputMp = r.remote?.inputMp ?? r.usage?.inputMp;
  const outputMp = r.remote?.outputMp ?? r.usage?.outputMp;
  if (inputMp === undefined || outputMp === undefined) return undefined;
  return { inputMp, outputMp, seconds: r.usage?.seconds ?? 0 };
}
