import { open } from 'node:fs/promises';

/**
 * Where a layered file's bytes go as they are made; it resolves once the chunk may be let go, after which the
 * writer may fill the same memory with the next chunk (psdRaw.ts does), so a sink that keeps a chunk copies it.
 */
export type ChunkWriter = (chunk: Uint8Array) => Promise<void>;

/**
 * Bytes written front to back, and `patch` to write over bytes already written: a PSD's layer records hold the
 * lengths of the pixel data that follows them, known only once it is written.
 */
export interface ByteSink {
  readonly write: ChunkWriter;
  readonly patch: (at: number, bytes: Uint8Array) => Promise<void>;
}

/** A file written chunk by chunk through the thread pool; `close` ends it and reports any write error. */
export function fileWriter(path: string): ByteSink & { close: () => Promise<void>; abort: () => void } {
  const file = open(path, 'w');
  // a failure to open is thrown by the first write or by close
  file.catch(() => undefined);
  let position = 0;
  const writeAt = async (bytes: Uint8Array, at: number) => {
    const handle = await file;
    for (let done = 0; done < bytes.byteLength; ) done += (await handle.write(bytes, done, bytes.byteLength - done, at + done)).bytesWritten;
  };
  return {
    write: async (chunk) => {
      await writeAt(chunk, position);
      position += chunk.byteLength;
    },
    patch: (at, bytes) => writeAt(bytes, at),
    close: async () => (await file).close(),
    abort: () => void file.then((handle) => handle.close()).catch(() => undefined),
  };
}

/** Chunks gathered into one array (each copied, see ChunkWriter): for callers that need the bytes themselves (an editor's working copy). */
export function bytesWriter(): ByteSink & { bytes: () => Uint8Array } {
  const parts: Uint8Array[] = [];
  const patches: Array<{ at: number; bytes: Uint8Array }> = [];
  return {
    write: async (chunk) => void parts.push(chunk.slice()),
    patch: async (at, bytes) => void patches.push({ at, bytes: bytes.slice() }),
    bytes: () => {
      const all = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
      let at = 0;
      for (const p of parts) {
        all.set(p, at);
        at += p.byteLength;
      }
      for (const p of patches) all.set(p.bytes, p.at);
      return all;
    },
  };
}
