import { capRefusalWords } from '../../../shared/spending/capRefusalWords';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExifReader from 'exifreader';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planMatrix, type MatrixSpec } from '../../../shared/explore/matrix';
import type { MatrixInfo } from '../../../shared/ipc/contract';
import { recordingDesktop, type RecordingDesktop } from '../desktop/nodeDesktop';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { tempDir } from '../testing/tempDir';
import { MATRIX_KEYWORD } from './contactSheet';

let dir: Awaited<ReturnType<typeof tempDir>>;
let desktop: RecordingDesktop;
let fx: CoreFixture;
const submitted: Array<{ path: string; body: Record<string, unknown> }> = [];
/** While set, every submission the Sandbox receives waits for it (noted first), so a test can pause mid-run. */
let gate: Promise<void> | null = null;

/** The core on the built-in instant Sandbox, its fetch noting every submission the Sandbox received. */
const start = () =>
  startCore({
    dataDir: join(dir.path, 'data'),
    fetch: async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (init?.method === 'POST' && typeof init.body === 'string') {
        submitted.push({ path: url.pathname, body: JSON.parse(init.body) as Record<string, unknown> });
        if (gate) await gate;
      }
      return fetch(input, init);
    },
    deps: { sandboxOptions: { timing: 'instant' }, desktop, confirmCapChange: () => Promise.resolve(true) },
  });

beforeEach(async () => {
  dir = await tempDir('explore');
  desktop = recordingDesktop(join(dir.path, 'desktop'));
  submitted.length = 0;
  gate = null;
  fx = await start();
});
afterEach(async () => {
  await fx.core.dispose();
  await dir.remove();
});

const until = async (pred: () => boolean, tries = 1500) => {
  for (let i = 0; i < tries && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(pred()).toBe(true);
};

const SPEC: MatrixSpec = { prompt: 'a {red|blue} fox in {snow|fog}', models: ['gen-dev', 'gen-2-klein-4b'], seeds: 2, firstSeed: 7, size: { width: 256, height: 256 }, sweep: null };

const cellsOf = (id: string) => fx.tasks.size && [...fx.tasks.values()].filter((t) => t.id.includes(`-${id}-`));
const ended = (m: MatrixInfo) => m.cells.every((c) => ['done', 'failed', 'moderated', 'cancelled'].includes(c.state));

/** One Dev picture, so the caps have a price to go by. */
async function priceOnce(): Promise<number> {
  const t = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'priced', width: 256, height: 256 }, inputs: {} });
  await until(() => fx.tasks.get(t.id)?.state === 'done');
  const k = await fx.ok('tasks.submit', { endpointId: 'gen-2-klein-4b', params: { prompt: 'priced', width: 256, height: 256 }, inputs: {} });
  await until(() => fx.tasks.get(k.id)?.state === 'done');
  return fx.task(t.id).cost!;
}

describe('a prompt matrix', () => {
  it('sends 16 cells, each once with its own prompt, model and seed, and fills every cell with its result', async () => {
    const matrix = await fx.ok('explore.start', { spec: SPEC, projectId: null });
    expect(matrix.cells).toHaveLength(16);
    await finished(matrix.id);
    const done = await fx.ok('explore.get', { id: matrix.id });
    expect(done.status).toBe('finished');
    expect(done.cells.every((c) => c.state === 'done' && c.resultId && c.thumbUrl && c.cost !== null && c.seconds !== null)).toBe(true);
    const bodies = submitted.filter((s) => s.path === '/v1/gen-dev' || s.path === '/v1/gen-2-klein-4b');
    expect(bodies).toHaveLength(16);
    const keys = bodies.map((b) => `${b.path} ${String(b.body.prompt)} ${String(b.body.seed)}`);
    expect(new Set(keys).size).toBe(16);
    expect(keys).toContain('/v1/gen-dev a blue fox in fog 8');
    expect(keys).toContain('/v1/gen-2-klein-4b a red fox in snow 7');
    // Each cell's result in the library is its own request's (results of one matrix are told apart by name too).
    const plan = planMatrix(SPEC);
    if (!plan.ok) throw new Error(plan.problem);
    expect(new Set(done.cells.map((c) => c.resultId)).size).toBe(16);
    for (const cell of done.cells) {
      const item = await fx.ok('library.get', { id: cell.resultId! });
      expect(item).toMatchObject({ endpointId: plan.plan.cells[cell.index]!.endpointId, params: plan.plan.cells[cell.index]!.params });
    }
    expect(done.cells[15]!.resultId).toBe(done.cells[15]!.taskId);
  });

  it('is refused as a whole when its total crosses a cap, before anything is sent', async () => {
    const price = await priceOnce();
    // Room for a few cells, not sixteen: each cell alone would pass.
    await fx.ok('spending.setCaps', { keyId: 'sandbox', caps: { day: price * 2 + price * 6, week: null, month: null } });
    const before = submitted.length;
    const quote = await fx.ok('explore.quote', { spec: SPEC });
    expect(quote.prices).toHaveLength(16);
    expect(quote.prices.every((p) => p !== null && p > 0)).toBe(true);
    // The refusal is data, said of the whole matrix; its words are made from it.
    expect(quote.refusal).toMatchObject({ kind: 'crossed', period: 'day', onTheWay: 0, asked: { what: 'matrix', count: 16 } });
    const words = capRefusalWords(quote.refusal!);
    expect(words).toMatch(/^Not sent: these 16 pictures, about [\d.]+ credits, would cross your daily cap/);
    expect(words).not.toMatch(/gen-dev|gen-2|This request|on its way/);
    const refused = await fx.call('explore.start', { spec: SPEC, projectId: null });
    expect(refused).toMatchObject({ ok: false, error: { code: 'spending-cap', message: words, refusal: quote.refusal } });
    expect(submitted.length).toBe(before);
    expect(await fx.ok('explore.list', {})).toEqual([]);
  });

  it('pauses: every cell not yet sent is held, through a restart too, and the sheet says how many went; resume sends the rest', async () => {
    // 40 cells: more than the engine is handed at once. A pause holds those in its queue as well as the rest.
    const spec: MatrixSpec = { ...SPEC, prompt: 'a {red|blue|green|grey|gold} fox in {snow|fog}', seeds: 2, models: ['gen-dev', 'gen-2-klein-4b'] };
    const sentToSandbox = () => submitted.filter((s) => s.path.startsWith('/v1/gen-')).length;
    await fx.ok('settings.update', { concurrencyPerKey: 1 });
    const matrix = await fx.ok('explore.start', { spec, projectId: null });
    expect(matrix.cells).toHaveLength(40);
    // Paused once the queue holds cells handed over and not yet sent.
    await until(() => (cellsOf(matrix.id) || []).filter((t) => t.state === 'queued').length >= 8);
    const paused = await fx.ok('explore.pause', { id: matrix.id });
    expect(paused.status).toBe('paused');
    expect(paused.sent + paused.notSent).toBe(40);
    expect(paused.notSent).toBeGreaterThan(8);
    // What went finishes; what was held stays in the queue, unsent.
    await until(() => (cellsOf(matrix.id) || []).every((t) => t.state === 'done' || t.state === 'queued'));
    expect(sentToSandbox()).toBe(paused.sent);
    await new Promise((r) => setTimeout(r, 300));
    expect(sentToSandbox()).toBe(paused.sent);
    expect(await fx.ok('explore.get', { id: matrix.id })).toMatchObject({ status: 'paused', sent: paused.sent, notSent: paused.notSent });
    expect([...fx.tasks.values()].find((t) => t.state === 'queued')?.detail).toMatch(/^Held: the matrix “.*” is paused; it goes when you resume it\.$/);

    // A restart holds them too.
    await fx.core.dispose();
    fx = await start();
    await new Promise((r) => setTimeout(r, 300));
    expect(sentToSandbox()).toBe(paused.sent);

    await fx.ok('settings.update', { concurrencyPerKey: 8 });
    await fx.ok('explore.resume', { id: matrix.id });
    await finished(matrix.id);
    expect(await fx.ok('explore.get', { id: matrix.id })).toMatchObject({ status: 'finished', sent: 40, notSent: 0 });
    const bodies = submitted.filter((s) => s.path.startsWith('/v1/gen-'));
    expect(new Set(bodies.map((b) => `${b.path} ${String(b.body.prompt)} ${String(b.body.seed)}`)).size).toBe(40);
    expect(bodies).toHaveLength(40);
  });

  it('refuses Resume whole when the cells not yet handed to the engine would cross a cap with the held ones', async () => {
    // A long matrix paused early: the engine holds 32 of its cells, the other 8 were never handed over. Resume
    // used to weigh only the held ones, let them go and pause again at the cap part-way through the rest.
    const spec: MatrixSpec = { ...SPEC, prompt: 'a {red|blue|green|grey|gold} fox in {snow|fog}' };
    await priceOnce();
    const quote = await fx.ok('explore.quote', { spec });
    await fx.ok('settings.update', { concurrencyPerKey: 1 });
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const sentToSandbox = () => submitted.filter((s) => s.path.startsWith('/v1/gen-')).length;
    const before = sentToSandbox();
    const matrix = await fx.ok('explore.start', { spec, projectId: null });
    await until(() => sentToSandbox() === before + 1 && (cellsOf(matrix.id) || []).length === 32);
    const paused = fx.ok('explore.pause', { id: matrix.id });
    open();
    gate = null;
    expect(await paused).toMatchObject({ status: 'paused' });
    await until(() => (cellsOf(matrix.id) || []).every((t) => t.state === 'done' || t.state === 'queued'));
    const handed = new Map((cellsOf(matrix.id) || []).map((t) => [t.id, t.state]));
    const cells = (await fx.ok('explore.get', { id: matrix.id })).cells;
    const price = (c: (typeof cells)[number]) => quote.prices[c.index]!;
    const held = cells.filter((c) => handed.get(c.taskId ?? '') === 'queued').reduce((sum, c) => sum + price(c), 0);
    const unhanded = cells.filter((c) => !handed.has(c.taskId ?? ''));
    expect(unhanded).toHaveLength(8);
    const rest = unhanded.reduce((sum, c) => sum + price(c), 0);
    const spent = (await fx.ok('spending.summary', {})).totals.day;
    // Room for every held cell and half of the rest.
    await fx.ok('spending.setCaps', { keyId: 'sandbox', caps: { day: spent + held + rest / 2, week: null, month: null } });
    const sentBefore = sentToSandbox();

    const resume = await fx.call('explore.resume', { id: matrix.id });
    expect(resume).toMatchObject({ ok: false, error: { code: 'spending-cap', refusal: { asked: { what: 'matrix', count: 31 + 8 } } } });
    expect(await fx.ok('explore.get', { id: matrix.id })).toMatchObject({ status: 'paused' });
    await new Promise((r) => setTimeout(r, 100));
    // The Sandbox received nothing more.
    expect(sentToSandbox()).toBe(sentBefore);

    // With room for them all, Resume sends them all, each once.
    await fx.ok('spending.setCaps', { keyId: 'sandbox', caps: { day: spent + held + rest + 1, week: null, month: null } });
    await fx.ok('settings.update', { concurrencyPerKey: 8 });
    await fx.ok('explore.resume', { id: matrix.id });
    await finished(matrix.id);
    expect(await fx.ok('explore.get', { id: matrix.id })).toMatchObject({ status: 'finished', sent: 40, notSent: 0 });
    expect(sentToSandbox()).toBe(before + 40);
  });

  it('keeps its key: a matrix started on one key sends every cell on it after the artist switches to another', async () => {
    await fx.ok('settings.update', { concurrencyPerKey: 1 });
    const matrix = await fx.ok('explore.start', { spec: SPEC, projectId: null });
    await fx.ok('explore.pause', { id: matrix.id });
    await fx.ok('keys.add', {
      label: 'Client B',
      organization: 'B',
      project: 'B',
      secret: 'sk-client-b-0000',
      connection: { create: { label: 'Client B', baseUrl: 'https://api.client-b.invalid', regionalBaseUrl: null, endpointWord: 'gen' } },
    });
    expect((await fx.ok('connections.list')).find((c) => c.active)?.label).toBe('Client B');
    await fx.ok('settings.update', { concurrencyPerKey: 8 });
    await fx.ok('explore.resume', { id: matrix.id });
    await finished(matrix.id);
    expect(new Set((cellsOf(matrix.id) || []).map((t) => t.keyId))).toEqual(new Set(['sandbox']));
    expect(submitted.filter((s) => s.path.startsWith('/v1/gen-'))).toHaveLength(16);
  });

  it('resumes after a restart without sending any cell twice, and is saved for its project to run again', async () => {
    const spec: MatrixSpec = { ...SPEC, prompt: 'a {red|blue|green|grey|gold} fox in {snow|fog}' };
    const matrix = await fx.ok('explore.start', { spec, projectId: 'project-0001' });
    await fx.ok('explore.pause', { id: matrix.id });
    await fx.core.dispose();
    // Issue 31, point 1: an older version wrote the cells' records without their origin; they are still known as
    // the matrix's (by its id in theirs), so the studio's strip leaves them out.
    const records = join(dir.path, 'data', 'tasks');
    const cellFiles = (await readdir(records)).filter((f) => f.includes(`-${matrix.id}-`));
    expect(cellFiles.length).toBeGreaterThan(0);
    for (const file of cellFiles.slice(0, 3)) {
      const { origin, ...older } = JSON.parse(await readFile(join(records, file), 'utf8')) as Record<string, unknown>;
      expect(origin).toBe('explore');
      await writeFile(join(records, file), JSON.stringify(older));
    }
    fx = await start();
    const cells = (await fx.ok('tasks.list')).filter((t) => t.id.includes(`-${matrix.id}-`));
    expect(cells.length).toBe(cellFiles.length);
    // The project stays on each cell (the gallery's project filter finds its results); the origin keeps it off the strip.
    expect(cells.every((t) => t.origin === 'explore' && t.projectId === 'project-0001')).toBe(true);
    expect((await fx.ok('explore.list', { projectId: 'project-0001' })).map((m) => m.id)).toEqual([matrix.id]);
    expect(await fx.ok('explore.list', { projectId: null })).toEqual([]);
    await fx.ok('explore.resume', { id: matrix.id });
    await finished(matrix.id);
    const bodies = submitted.filter((s) => s.path.startsWith('/v1/gen-'));
    expect(bodies).toHaveLength(40);
    expect(new Set(bodies.map((b) => `${b.path} ${String(b.body.prompt)} ${String(b.body.seed)}`)).size).toBe(40);
    // Run again: the same spec, a new matrix.
    const again = await fx.ok('explore.start', { spec: (await fx.ok('explore.get', { id: matrix.id })).spec, projectId: 'project-0001' });
    expect(again.id).not.toBe(matrix.id);
    expect((await fx.ok('explore.list', { projectId: 'project-0001' })).map((m) => m.id)).toEqual([again.id, matrix.id]);
  });

  it('cancels the rest: unsent cells stay unsent, queued ones are cancelled without being sent', async () => {
    const spec: MatrixSpec = { ...SPEC, prompt: 'a {red|blue|green|grey|gold} fox in {snow|fog}' };
    const matrix = await fx.ok('explore.start', { spec, projectId: null });
    const cancelled = await fx.ok('explore.cancel', { id: matrix.id });
    expect(cancelled.status).toBe('cancelled');
    await until(() => (cellsOf(matrix.id) || []).every((t) => ['done', 'cancelled'].includes(t.state)));
    const final = await fx.ok('explore.get', { id: matrix.id });
    expect(final.cells.some((c) => c.state === 'unsent')).toBe(true);
    expect(submitted.filter((s) => s.path.startsWith('/v1/gen-')).length).toBe(final.cells.filter((c) => c.state === 'done').length);
  });

  it('exports the sheet as one PNG with its labels drawn and the matrix in its metadata', async () => {
    const matrix = await fx.ok('explore.start', { spec: SPEC, projectId: null });
    await finished(matrix.id);
    const saved = await fx.ok('explore.export', { id: matrix.id });
    expect(saved.saved).toBe(true);
    const bytes = await readFile(join(dir.path, 'desktop', 'exports', saved.fileName!));
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(4 * 256);
    const text = ExifReader.load(bytes, { expanded: true }).pngText as Record<string, { description: string }>;
    const filed = JSON.parse(text[MATRIX_KEYWORD]!.description) as { spec: MatrixSpec; rows: string[]; columns: string[]; cells: Array<{ resultId: string }> };
    expect(filed.spec).toEqual(SPEC);
    expect(filed.rows).toEqual(['red · snow', 'red · fog', 'blue · snow', 'blue · fog']);
    expect(filed.columns).toEqual(['Dev · seed 7', 'Dev · seed 8', 'Gen 2 Klein 4B · seed 7', 'Gen 2 Klein 4B · seed 8']);
    expect(filed.cells.every((c) => c.resultId)).toBe(true);
  });
});

/** Waits until every cell of the matrix has ended, asking main as the screen would. */
async function finished(id: string): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    if (ended(await fx.ok('explore.get', { id }))) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`matrix ${id} did not finish`);
}
