/**
 * `npm run sandbox -- --port 8780 [--key VALUE]...`: the offline service in the foreground, for scripts, demos
 * and anyone writing a client. Prints its base addresses and keys; Ctrl-C stops it. See docs/sandbox.md.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_CREDITS } from '../src/main/sandbox/accounts';
import { startSandbox } from '../src/main/sandbox/index';

const USAGE = `Usage: npm run sandbox -- [--port 8780] [--key VALUE]... [--credits N] [--timing demo|instant] [--word gen]

  --port     port of {base_url}; the regional base {base_url_us} listens on the next one (default 8780)
  --key      an API key to accept besides the demo key (repeat for more)
  --credits  starting balance of every key (default ${DEFAULT_CREDITS})
  --timing   demo: tasks take realistic seconds (default); instant: ready on the first poll
  --word     the word in endpoint paths (default gen)
  --quiet    do not print a line per request`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      port: { type: 'string', default: '8780' },
      key: { type: 'string', multiple: true, default: [] },
      credits: { type: 'string' },
      timing: { type: 'string', default: 'demo' },
      quiet: { type: 'boolean', short: 'q' },
      word: { type: 'string', default: 'gen' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
}
try {
  parsed = parse();
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
const { values } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65534) fail(`--port must be a port number, not “${values.port}”`);
const credits = values.credits === undefined ? DEFAULT_CREDITS : Number(values.credits);
if (!Number.isFinite(credits) || credits < 0) fail(`--credits must be a number of credits, not “${values.credits}”`);
if (values.timing !== 'demo' && values.timing !== 'instant') fail(`--timing is demo or instant, not “${values.timing}”`);

try {
  const sandbox = await startSandbox({
    port,
    timing: values.timing,
    endpointWord: values.word,
    demoCredits: credits,
    keys: Object.fromEntries(values.key.map((k) => [k, { credits }])),
    ...(values.quiet
      ? {}
      : {
          onRequest: (r) =>
            console.log(`${new Date().toISOString().slice(11, 23)} ${r.method} ${r.path} → ${r.status || 'dropped'} ${r.ms} ms${r.failure ? ` [${r.failure}]` : ''}`),
        }),
  });
  console.log('Gen Studio sandbox: the whole service interface, offline. Outputs are placeholders; costs are simulated.');
  console.log(`  base_url     ${sandbox.baseUrl}`);
  console.log(`  base_url_us  ${sandbox.regionalBaseUrl}   (finetunes: -finetuned submits, my_finetunes, finetune_details, delete_finetune)`);
  console.log(`  demo key     ${sandbox.demoKey}   (${credits} credits)`);
  for (const key of values.key) console.log(`  key          ${key}   (${credits} credits)`);
  console.log(`  timing       ${values.timing}`);
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => {
      console.log(`Sandbox stopped (${signal}).`);
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (e) {
  const code = (e as { code?: string }).code;
  if (code === 'EADDRINUSE') {
    console.error(`Port ${port} or ${port + 1} is already in use; choose another with --port.`);
    process.exit(1);
  }
  throw e;
}
