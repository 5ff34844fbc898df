import { groupedCount as grouped } from './countWords';

const MB = 1024 * 1024;

/**
 * A size said next to its limit, so the two never read the same when they differ: in MB, with as many decimals
 * as it takes (up to three), and in bytes when even that rounds them together (256 MB + 1 byte).
 */
export function sizeAgainstLimit(bytes: number, limit: number): { size: string; limit: string } {
  const limitMb = limit / MB;
  const limitWords = `${Number.isInteger(limitMb) ? limitMb : limitMb.toFixed(1)} MB`;
  for (const decimals of [0, 1, 2, 3]) {
    const size = (bytes / MB).toFixed(decimals);
    if (bytes === limit || size !== limitMb.toFixed(decimals)) return { size: `${size} MB`, limit: limitWords };
  }
  return { size: `${grouped(bytes)} bytes`, limit: `${grouped(limit)} bytes (${limitWords})` };
}
