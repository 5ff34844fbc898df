import { isBatchGroup } from '../batch/plan';
import { MAX_VARIATIONS } from '../ipc/contract';

// Apart from variations.ts because the IPC contract reaches that file (through the matrix's schema): importing
// the contract from it made a cycle in which the matrix's schema was still undefined when the contract read it.

/** The group a result was made in, as its record keeps it. */
interface MadeTogether {
  readonly id: string;
  readonly count: number;
}

/**
 * How many variations Generate makes after a result is reused: as many as the Generate that made it, and 1 when
 * that is not recorded or the result came from a batch (a batch's group is its pictures, not a Generate's
 * variations). Never what the panel happened to hold: that sent 4 paid requests for one reused result.
 */
export function reusedVariations(group: MadeTogether | null | undefined): number {
  if (!group || isBatchGroup(group.id)) return 1;
  return Math.max(1, Math.min(MAX_VARIATIONS, Math.round(group.count)));
}
