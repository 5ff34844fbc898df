/**
 * The Sandbox in a process of its own, for the crash test: it outlives every core the test kills. Reads its
 * options as JSON from argv, prints its address as one JSON line, answers `report` on stdin with what it
 * received and charged, and exits when stdin closes.
 *
 * The core is pointed at a small pass-through in front of the Sandbox's base address that notes the prompt of
 * every submit as its body arrives (before the Sandbox sees it), so the test can tell which of its tasks
 * reached the Sandbox, and how often, even for a task whose answer the core never recorded. Polling and
 * result addresses name the Sandbox itself, so only submits (and probes) pass through it.
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { startSandbox } from '../../../sandbox/index';

const options = JSON.parse(process.argv[2] ?? '{}') as Parameters<typeof startSandbox>[0] & { key: string };
const sandbox = await startSandbox(options);
const target = new URL(sandbox.baseUrl);
/** The prompt of every submit that reached the Sandbox, in order of arrival. */
const prompts: string[] = [];

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const proxy = createServer((req, res) => {
  void readBody(req).then((body) => {
    if (req.method === 'POST') {
      try {
        prompts.push(String((JSON.parse(body.toString('utf8')) as { prompt?: unknown }).prompt));
      } catch {
        prompts.push('(unreadable body)');
      }
    }
    const forward = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // The core killed mid-request: the Sandbox may still be answering; nothing is left to answer to.
    forward.on('error', () => res.destroy());
    res.on('close', () => forward.destroy());
    forward.end(body);
  });
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const { port } = proxy.address() as AddressInfo;

process.stdout.write(`${JSON.stringify({ baseUrl: `http://127.0.0.1:${port}` })}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'report') {
    process.stdout.write(`${JSON.stringify({ submissions: sandbox.submissions(), prompts, credits: sandbox.credits(options.key) })}\n`);
  }
});
process.stdin.on('end', () => {
  proxy.close();
  void sandbox.close().then(() => process.exit(0));
});
