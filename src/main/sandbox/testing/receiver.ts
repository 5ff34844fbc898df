import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly raw: string;
  readonly at: number;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: Received[];
  /** The next delivery not yet taken, as soon as it arrives. */
  readonly next: () => Promise<Received>;
  readonly close: () => Promise<void>;
}

/** A webhook receiver on 127.0.0.1 that answers each delivery with the next status of `statuses` (200 when they run out). */
export async function webhookReceiver(statuses: number[] = []): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const waiting: ((r: Received) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, raw: Buffer.concat(chunks).toString(), at: Date.now() };
      received.push(r);
      res.writeHead(statuses.shift() ?? 200).end();
      waiting.shift()?.(r);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let seen = 0;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    next: () => (received.length > seen ? Promise.resolve(received[seen++]!) : new Promise((resolve) => waiting.push((r) => (seen++, resolve(r))))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
