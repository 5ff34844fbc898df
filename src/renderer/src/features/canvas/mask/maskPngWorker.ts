import { encodeGreyPng } from './greyPng';

/** Encodes mask PNGs off the page's thread: the page keeps drawing while a 4096 x 4096 mask is deflated. */
export interface MaskPngRequest {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}
export type MaskPngAnswer = { readonly id: number; readonly png: Uint8Array } | { readonly id: number; readonly error: string };

/** The worker's side of the channel; typed here since the renderer's types describe a page, not a worker. */
interface WorkerScope {
  onmessage: ((e: MessageEvent<MaskPngRequest>) => void) | null;
  postMessage(message: MaskPngAnswer, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;
scope.onmessage = (e) => {
  const { id, width, height, data } = e.data;
  encodeGreyPng(width, height, data).then(
    (png) => scope.postMessage({ id, png } satisfies MaskPngAnswer, [png.buffer]),
    (error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies MaskPngAnswer),
  );
};
