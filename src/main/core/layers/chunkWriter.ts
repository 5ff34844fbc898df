import { createWriteStream } from 'node:fs';

/** Where a layered file's bytes go as they are made; it resolves once the chunk may be let go. */
export type ChunkWriter = (chunk: Uint8Array) => Promise<void>;

/** Chunks written to a file, waiting whenever the disk is behind; `close` ends it and reports any write error. */
export function fileWriter(path: string): { write: ChunkWriter; close: () => Promise<void>; abort: () => void } {
  const out = createWriteStream(path);
  let failure: Error | null = null;
  out.on('error', (error) => (failure = error));
  return {
    write: async (chunk) => {
      if (failure) throw failure;
      if (out.write(chunk)) return;
      await new Promise<void>((resolve, reject) => {
        const drained = () => {
          out.off('error', failed);
          resolve();
        };
        const failed = (error: Error) => {
          out.off('drain', drained);
          reject(error);
        };
        out.once('drain', drained).once('error', failed);
      });
    },
    close: async () => {
      if (failure) throw failure;
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    },
    abort: () => out.destroy(),
  };
}

/** Chunks gathered into one array: for callers that need the bytes themselves (an editor's working copy). */
export function bytesWriter(): { write: ChunkWriter; bytes: () => Uint8Array } {
  const parts: Uint8Array[] = [];
  return {
    write: async (chunk) => void parts.push(chunk),
    bytes: () => {
      const all = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
      let at = 0;
      for (const p of parts) {
        all.set(p, at);
        at += p.byteLength;
      }
      return all;
    },
  };
}
