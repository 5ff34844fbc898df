/**
 * The timeline benchmark, in Chromium: the p95 frame time while dragging a keyframe with ten pinned on a 20 s
 * clip. Prints figures; asserts nothing.
 *   - work per move: from the pointer event to the re-rendered, laid-out timeline (main-thread time);
 *   - frame interval: between painted frames while one move is sent per frame (16.7 ms is a 60 Hz display's).
 *
 *   npx tsx bench/timeline/run.ts
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/harness/runner';
import { serveBuiltPage } from '../staticPage';

const here = import.meta.dirname;
const outDir = resolve(here, '../../out/bench-timeline');
await build({ root: here, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true }, base: './' });

const server = await serveBuiltPage(outDir);

const executablePath = chromiumExecutable();
if (!executablePath) throw new Error('No Chromium found: apt-get install chromium');
const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
const page = await browser.newPage({ viewport: { width: 1200, height: 400 } });
await page.goto(server.url);
await page.waitForFunction(() => 'bench' in window);

type Stats = { p50: number; p95: number; max: number; n: number };
const MOVES = 300;
const result = await page.evaluate((moves) => (window as unknown as { bench: { drag(n: number): Promise<{ work: Stats; frames: Stats; keyframes: number; steps: number; trackWidth: number; positions: number }> } }).bench.drag(moves), MOVES);
const ms = (v: number) => `${v.toFixed(2)} ms`;
console.log('Timeline benchmark: %d keyframes pinned on a 20 s clip (480 frames), track %d px wide, Chromium %s', result.keyframes, result.trackWidth, browser.version());
console.log(`drag, work per move (event to laid-out timeline)  p50 ${ms(result.work.p50)} p95 ${ms(result.work.p95)} max ${ms(result.work.max)} (${result.work.n} moves, the marker drawn at ${result.positions} places)`);
console.log(`drag, frame interval (one move per frame)          p50 ${ms(result.frames.p50)} p95 ${ms(result.frames.p95)} max ${ms(result.frames.max)} (${result.frames.n} frames)`);
console.log(`undo steps the whole drag made: ${result.steps} (pointerup ends the gesture)`);
await browser.close();
server.close();
