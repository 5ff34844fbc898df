/**
 * The Sandbox in a process of its own, for the crash test: it outlives every core the test kills. Reads its
 * options as JSON from argv, prints its address as one JSON line, answers `report` on stdin with what it
 * received and charged, and exits when stdin closes.
 */
import { createInterface } from 'node:readline';
import { startSandbox } from '../../../sandbox/index';

const options = JSON.parse(process.argv[2] ?? '{}') as Parameters<typeof startSandbox>[0] & { key: string };
const sandbox = await startSandbox(options);
process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl })}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'report') {
    process.stdout.write(`${JSON.stringify({ submissions: sandbox.submissions(), credits: sandbox.credits(options.key) })}\n`);
  }
});
process.stdin.on('end', () => void sandbox.close().then(() => process.exit(0)));
