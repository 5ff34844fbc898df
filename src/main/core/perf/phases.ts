import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where the engine's own time goes, per phase of a task, for bench/engine.ts. Off unless a listener is set, and
 * then cheap: each phase reports its self time (its wall time less the phases inside it, such as the HTTP call
 * inside a poll), so the phases add up to the engine's time without counting anything twice.
 */
export type Phase =
  /** validating a submission and checking the caps */
  | 'validate'
  /** writing task records */
  | 'record'
  /** the sending step, less the request itself */
  | 'send'
  /** a polling step, less the request itself */
  | 'poll'
  /** the download step, less the request and the filing */
  | 'download'
  /** reading the result's header: is it an image or video we can file */
  | 'verify'
  /** the full decode and the preview made from it */
  | 'thumbnail'
  /** writing the result, its preview, its sidecar and the library index */
  | 'write'
  /** inside HTTP calls: the service's time, reported apart */
  | 'http';

type Listener = (phase: Phase, selfMs: number) => void;

interface Frame {
  child: number;
}

let listener: Listener | undefined;
const frames = new AsyncLocalStorage<Frame>();

/** Starts reporting phases to `fn`; returns the function that stops it. */
export function onPhase(fn: Listener): () => void {
  listener = fn;
  return () => {
    if (listener === fn) listener = undefined;
  };
}

/** Runs `fn` as one phase (a no-op wrapper while nobody listens). */
export function timed<T>(phase: Phase, fn: () => Promise<T>): Promise<T> {
  if (!listener) return fn();
  const parent = frames.getStore();
  const frame: Frame = { child: 0 };
  const start = performance.now();
  const report = () => {
    const total = performance.now() - start;
    if (parent) parent.child += total;
    listener?.(phase, total - frame.child);
  };
  return frames.run(frame, fn).finally(report);
}
