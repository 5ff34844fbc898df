/**
 * Planning a prompt with many choice groups: the time and memory of `planMatrix` for a prompt of 16, 20 and 22
 * groups of two choices (65,536 to 4,194,304 readings, all far past the 1,000-cell limit), as Explore plans it on
 * every keystroke. Each count runs in a process of its own so its peak memory is its own. Prints figures;
 * asserts nothing.
 *
 *   npx tsx bench/matrixPlan.ts [--groups 16,20,22]
 *
 * Peak RSS is the process's high-water mark (`process.resourceUsage().maxRSS`), the Node runtime included
 * (about 50-60 MB on its own); "before planning" is that mark just before the first plan.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { planMatrix, type MatrixSpec } from '../src/shared/explore/matrix';

const WORDS = ['red|blue', 'fox|owl', 'snow|fog', 'dusk|dawn', 'oil|ink', 'calm|wild', 'old|new', 'near|far', 'wet|dry', 'sun|moon', 'hill|lake'];

/** `{red|blue} {fox|owl} …`, `groups` groups of two choices. */
const promptOf = (groups: number): string => Array.from({ length: groups }, (_, i) => `{${WORDS[i % WORDS.length]}}`).join(' ');

function runOne(groups: number): void {
  const spec: MatrixSpec = { prompt: promptOf(groups), models: ['gen-dev'], seeds: 1, firstSeed: 1, size: null, sweep: null };
  const before = process.resourceUsage().maxRSS / 1024;
  const start = performance.now();
  const planned = planMatrix(spec);
  const ms = performance.now() - start;
  const peak = process.resourceUsage().maxRSS / 1024;
  const answer = planned.ok ? `planned ${planned.plan.cells.length} cells` : `refused: ${planned.problem}`;
  // The first plan pays for loading the catalog; a keystroke's plan is one of the later ones, timed when quick.
  const times: number[] = [];
  for (let i = 0; ms < 1000 && i < 21; i++) {
    const t = performance.now();
    planMatrix(spec);
    times.push(performance.now() - t);
  }
  const median = times.length ? `, then median ${times.sort((a, b) => a - b)[10]!.toFixed(2)} ms of ${times.length}` : '';
  console.log(`${groups} groups (${spec.prompt.length} characters): first ${ms.toFixed(1)} ms${median}, peak RSS ${peak.toFixed(0)} MB (${before.toFixed(0)} MB before planning); ${answer}`);
}

const { values } = parseArgs({ options: { groups: { type: 'string', default: '16,20,22' }, one: { type: 'string' } } });
if (values.one) {
  runOne(Number(values.one));
} else {
  for (const groups of values.groups.split(',').map(Number)) {
    // A process of its own for each count: a peak is a high-water mark, and the first count's would hide the next's.
    const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--one', String(groups)], { encoding: 'utf8', maxBuffer: 1 << 20 });
    process.stdout.write(out);
  }
}
