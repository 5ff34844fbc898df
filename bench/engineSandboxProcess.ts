/**
 * The sandbox in a process of its own, for bench/engine.ts: so the CPU the benchmark measures is the engine's,
 * not the service's. Reads its options as JSON from argv, prints its addresses as one JSON line, and runs until
 * its parent closes stdin.
 */
import { startSandbox } from '../src/main/sandbox/index';

const sandbox = await startSandbox(JSON.parse(process.argv[2] ?? '{}'));
process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, regionalBaseUrl: sandbox.regionalBaseUrl })}\n`);
process.stdin.resume();
process.stdin.on('end', () => void sandbox.close().then(() => process.exit(0)));
