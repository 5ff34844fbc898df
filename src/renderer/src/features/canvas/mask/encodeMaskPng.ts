import { encodeGreyPng } from './greyPng';
import type { MaskBuffer } from './maskBuffer';
import type { MaskPngAnswer, MaskPngRequest } from './maskPngWorker';

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (png: Uint8Array) => void; reject: (error: Error) => void }>();

/** The encoder worker, started on first use; null where workers cannot start (tests in Node, a refusing page). */
function encoder(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = typeof Worker === 'function' ? new Worker(new URL('./maskPngWorker.ts', import.meta.url), { type: 'module', name: 'mask-png' }) : null;
  } catch {
    worker = null;
  }
  worker?.addEventListener('message', (e: MessageEvent<MaskPngAnswer>) => {
    const job = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    if (!job) return;
    if ('png' in e.data) job.resolve(e.data.png);
    else job.reject(new Error(e.data.error));
  });
  worker?.addEventListener('error', () => {
    // A worker that failed to load answers nothing: encode here from now on, the jobs waiting included.
    worker = null;
    for (const job of waiting.values()) job.reject(new Error('The mask encoder stopped.'));
    waiting.clear();
  });
  return worker;
}

/**
 * The mask as a one-channel PNG, encoded in a worker so the page never stalls on it: the page only copies the
 * buffer (the mask keeps changing under the brush), the deflate runs beside it. Falls back to encoding here.
 */
export async function encodeMaskPng(mask: MaskBuffer): Promise<Uint8Array> {
  const w = encoder();
  if (!w) return encodeGreyPng(mask.width, mask.height, mask.data);
  const id = nextId++;
  const data = mask.data.slice();
  try {
    return await new Promise<Uint8Array>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      const request: MaskPngRequest = { id, width: mask.width, height: mask.height, data };
      w.postMessage(request, [data.buffer]);
    });
  } catch {
    return encodeGreyPng(mask.width, mask.height, mask.data);
  }
}
