import type { IncomingMessage } from 'node:http';

export type BodyResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly tooLarge: true; readonly bytes: number };

/**
 * Reads a request body up to `limit` bytes. A larger body is read to its end without being kept (so the client
 * gets to see the 413 instead of a reset connection) unless it runs far past the limit.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let bytes = 0;
    let over = Number.isFinite(declared) && declared > limit;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) over = true;
      if (!over) chunks.push(chunk);
      else if (bytes > limit * 4 + 1024 * 1024) {
        resolve({ ok: false, tooLarge: true, bytes });
        req.destroy();
      }
    });
    req.on('end', () => resolve(over ? { ok: false, tooLarge: true, bytes } : { ok: true, text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', reject);
  });
}
