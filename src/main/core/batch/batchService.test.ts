import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExifReader from 'exifreader';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchInfo } from '../../../shared/ipc/contract';
import { recordingDesktop } from '../desktop/nodeDesktop';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { pngTextChunk, withPngText } from '../library/metadata/containers';
import { tempDir } from '../testing/tempDir';
import { itemOfTask, itemTaskId } from './batchRecord';
import { scaleMask } from './batchService';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';

let dir: Awaited<ReturnType<typeof tempDir>>;
let fx: CoreFixture;
let desktop: ReturnType<typeof recordingDesktop>;
const submitted: Array<{ path: string; body: Record<string, unknown> }> = [];
/** While set, POSTs wait for it before they go on to the Sandbox: their tasks stay on their way. */
let gate: Promise<void> | null = null;
/** POSTs whose answer is lost after the Sandbox took (and charged) them, as a connection reset mid-answer does */
let cutAnswers: (n: number) => boolean = () => false;

const start = () =>
  startCore({
    dataDir: join(dir.path, 'data'),
    fetch: async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (init?.method === 'POST' && typeof init.body === 'string') {
        submitted.push({ path: url.pathname, body: JSON.parse(init.body) as Record<string, unknown> });
        if (gate) await gate;
        if (cutAnswers(submitted.length)) {
          await fetch(input, init);
          throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
        }
      }
      return fetch(input, init);
    },
    deps: { sandboxOptions: { timing: 'instant' }, desktop },
  });

beforeEach(async () => {
  dir = await tempDir('batch');
  desktop = recordingDesktop(join(dir.path, 'desktop'));
  submitted.length = 0;
  cutAnswers = () => false;
  gate = null;
  fx = await start();
});
afterEach(async () => {
  await fx.core.dispose();
  await dir.remove();
});

const until = async (pred: () => boolean | Promise<boolean>, tries = 1500) => {
  for (let i = 0; i < tries && !(await pred()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await pred()).toBe(true);
};

/** A picture as an artist's file: a flat colour, optionally carrying a description (the Sandbox reads it). */
async function picture(name: string, width: number, height: number, description?: string) {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 40 + (width % 200), g: 90, b: 140 } } }).png().toBuffer();
  const bytes = description ? withPngText(png, [pngTextChunk('Description', description)]) : png;
  const asset = await fx.ok('assets.import', { name, bytes: new Uint8Array(bytes) });
  return { assetId: asset.id, name, width, height };
}

/** The folder picked in main's dialog, as the artist would: the handle a batch is started with. */
const folder = async (path: string) => {
  desktop.answerFolder(path);
  return (await fx.ok('batch.chooseFolder')).folder!.handle;
};

const batch = async (id: string) => (await fx.ok('batch.list')).find((b) => b.id === id)!;
const ended = (b: BatchInfo) => b.left === 0 && b.items.every((i) => ['done', 'failed', 'moderated', 'cancelled'].includes(i.state));

describe('a batch', () => {
  it('deblurs every picture, writes each under its source name with its metadata, and says why one was moderated', async () => {
    const out = join(dir.path, 'out');
    const pictures = [await picture('IMG_0042.png', 320, 240), await picture('IMG_0043.png', 240, 320, 'risque'), await picture('IMG_0044.png', 256, 256)];
    const spec = { tool: 'deblur', endpointId: 'deblur-v1', pictures, outputFolder: await folder(out) };
    const quote = await fx.ok('batch.quote', { spec: spec as never });
    expect(quote.count).toBe(3);
    expect(quote.outputNames).toEqual(['IMG_0042-deblur', 'IMG_0043-deblur', 'IMG_0044-deblur']);
    const started = await fx.ok('batch.start', { spec: spec as never });
    await until(async () => ended(await batch(started.id)));
    const done = await batch(started.id);
    expect(done).toMatchObject({ status: 'finished', done: 2, failed: 1, left: 0 });
    expect(done.items[1]).toMatchObject({ state: 'moderated', problem: expect.stringContaining('sexual content') });
    // Kept in words too, so the window says it in the artist's language (the service's reason stays its own).
    const german = say(createText('de', await loadMessages('de')), done.items[1]!.problemWords, '');
    expect(german).toMatch(/^Die Moderation des Dienstes hat es angehalten \(sexual content\)/);
    expect((await readdir(out)).sort()).toEqual(['IMG_0042-deblur.png', 'IMG_0044-deblur.png']);
    const tags = ExifReader.load(await readFile(join(out, 'IMG_0042-deblur.png')));
    expect(JSON.stringify(tags)).toContain('deblur-v1');
    expect(submitted.filter((s) => s.path.endsWith('deblur-v1'))).toHaveLength(3);

    // Retried alone: one more request, for that picture only; the others are not sent again.
    await fx.ok('batch.retry', { id: started.id, index: 1 });
    await until(async () => (await batch(started.id)).items[1]!.retries === 1 && ended(await batch(started.id)));
    expect(submitted.filter((s) => s.path.endsWith('deblur-v1'))).toHaveLength(4);
    expect((await batch(started.id)).items[1]).toMatchObject({ state: 'moderated', retries: 1 });
    // One stack in the gallery.
    const page = await fx.ok('library.page', { offset: 0, limit: 50 });
    expect(Object.values(page.stacks)).toEqual([2]);
  });

  it('asks before a Retry that may be charged twice, as the queue does, and sends the picture again only when told', async () => {
    // Issue 30, point 6: a picture whose outcome is unknown was sent again at once by Retry and charged twice.
    cutAnswers = (n) => n === 2;
    const pictures = [await picture('u1.png', 210, 200), await picture('u2.png', 220, 200), await picture('u3.png', 230, 200)];
    const started = await fx.ok('batch.start', { spec: { tool: 'deblur', endpointId: 'deblur-v1', pictures, outputFolder: await folder(join(dir.path, 'unknown')) } as never });
    await until(async () => (await batch(started.id)).left === 0);
    const unknown = (await batch(started.id)).items.findIndex((i) => i.state === 'outcome-unknown');
    expect(unknown).toBeGreaterThanOrEqual(0);
    const item = (await batch(started.id)).items[unknown]!;
    // The question is the queue's, for the same task.
    expect(item.retryWarning).toMatch(/charged twice/);
    expect(fx.task(itemTaskId(started.id, unknown, 0)).retryWarning).toBe(item.retryWarning);
    expect(submitted).toHaveLength(3);

    const asked = await fx.call('batch.retry', { id: started.id, index: unknown });
    expect(asked).toMatchObject({ ok: false, error: { code: 'conflict', message: item.retryWarning } });
    // The question is asked, and the refusal said, in the artist's language: both are the warning's words.
    if (asked.ok) throw new Error('not refused');
    const german = createText('de', await loadMessages('de'));
    expect(say(german, item.retryWarningWords, item.retryWarning!)).not.toBe(item.retryWarning);
    expect(say(german, item.retryWarningWords, item.retryWarning!)).toBe(say(german, asked.error.words, asked.error.message));
    expect((await batch(started.id)).items[unknown]).toMatchObject({ state: 'outcome-unknown' });
    expect(submitted).toHaveLength(3);

    await fx.ok('batch.retry', { id: started.id, index: unknown, acceptDoubleCharge: true });
    await until(async () => ended(await batch(started.id)));
    expect(submitted).toHaveLength(4);
    expect((await batch(started.id)).items[unknown]).toMatchObject({ state: 'done', retryWarning: null });
    // The attempt cut off is still counted until the artist settles it.
    expect((await fx.ok('spending.summary', {})).unsettled).toHaveLength(1);
  });

  it('is checked against the caps as one group with the tasks already on their way, and refused whole before anything is sent', async () => {
    // Issue 30, point 8: a batch against a cap with tasks in flight started, then stopped half-sent.
    const pictures = [await picture('f1.png', 210, 200), await picture('f2.png', 220, 200)];
    const spec = { tool: 'deblur', endpointId: 'deblur-v1', pictures, outputFolder: await folder(join(dir.path, 'flight')) } as never;
    // Deblur is priced once it has run: one picture first.
    const first = await fx.ok('batch.start', { spec: { tool: 'deblur', endpointId: 'deblur-v1', pictures: [await picture('f0.png', 200, 200)], outputFolder: await folder(join(dir.path, 'first')) } as never });
    await until(async () => ended(await batch(first.id)));
    const alone = await fx.ok('batch.quote', { spec });
    expect(alone.unpriced).toBe(0);
    const deblurs = () => submitted.filter((s) => s.path.endsWith('deblur-v1')).length;
    // Two studio requests on their way, not yet answered: what they are expected to cost is counted too.
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const request = { endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk' }, inputs: {} };
    const flying = await fx.ok('tasks.submitGroup', { request, count: 2, projectId: null });
    await until(() => submitted.filter((s) => s.path.endsWith('gen-dev')).length === 2);
    const each = (await fx.ok('spending.estimate', { request })).cost!;
    // Room for the batch alone, not for the batch and the two on their way.
    await fx.ok('spending.setCaps', { keyId: 'sandbox', caps: { day: alone.total + each, week: null, month: null } });

    const quote = await fx.ok('batch.quote', { spec });
    expect(quote.refusal).toMatchObject({ kind: 'crossed', period: 'day', onTheWay: each * 2, asked: { what: 'batch', count: 2, cost: alone.total } });
    expect(await fx.call('batch.start', { spec })).toMatchObject({ ok: false, error: { code: 'spending-cap', refusal: quote.refusal } });
    expect((await fx.ok('batch.list')).map((b) => b.id)).toEqual([first.id]);
    expect(deblurs()).toBe(1);

    open();
    gate = null;
    await until(() => flying.every((t) => fx.task(t.id).state === 'done'));
  });

  it('writes only to a folder picked in main’s dialog: a path or a handle it never gave is refused in words, nothing sent', async () => {
    const pictures = [await picture('IMG_0042.png', 320, 240)];
    const base = { tool: 'deblur', endpointId: 'deblur-v1', pictures };
    const madeUp = await fx.call('batch.start', { spec: { ...base, outputFolder: 'fo-00000000-0000-4000-8000-000000000000' } as never });
    expect(madeUp).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('Choose the output folder again with “Choose folder…”') } });
    // In words, for the window to say in the artist's language (its English as above).
    const german = createText('de', await loadMessages('de'));
    const refusal = madeUp.ok ? null : madeUp.error;
    expect(say(german, refusal?.words, refusal?.message ?? '')).toContain('„Ordner wählen…“');
    // A path, relative or not, is no handle: the call itself is refused (only a hostile renderer sends one).
    for (const path of ['relative/out', join(dir.path, 'anywhere')]) {
      expect(await fx.call('batch.start', { spec: { ...base, outputDir: path } as never })).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringContaining('outputFolder') } });
      expect(await fx.call('batch.start', { spec: { ...base, outputFolder: path } as never })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    }
    expect(await fx.ok('batch.list')).toEqual([]);
    expect(submitted).toEqual([]);
    // The dialog's answer is the one way in: its handle starts the batch, into the folder picked.
    const started = await fx.ok('batch.start', { spec: { ...base, outputFolder: await folder(join(dir.path, 'picked')) } as never });
    expect(started.outputDir).toBe(join(dir.path, 'picked'));
    // Its name: English in the record, and the tool and count the window says it from.
    expect(started).toMatchObject({ name: 'Sharpen (deblur) · 1 picture', tool: 'deblur', pictures: 1 });
    expect(desktop.calls.filter((c) => c.call === 'chooseFolder')).toHaveLength(1);
  });

  it('never writes over a file in its folder: the artist’s own stays, and two batches at once each take free names', async () => {
    const out = join(dir.path, 'shared');
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'IMG_0042-deblur.png'), 'the artist’s own deblur');
    const pictures = [await picture('IMG_0042.png', 320, 240), await picture('photo-b.png', 240, 320)];
    const spec = { tool: 'deblur', endpointId: 'deblur-v1', pictures, outputFolder: await folder(out) } as never;
    const [first, second] = await Promise.all([fx.ok('batch.start', { spec }), fx.ok('batch.start', { spec })]);
    await until(async () => ended(await batch(first.id)) && ended(await batch(second.id)));
    expect((await readdir(out)).sort()).toEqual(['IMG_0042-deblur (2).png', 'IMG_0042-deblur (3).png', 'IMG_0042-deblur.png', 'photo-b-deblur (2).png', 'photo-b-deblur.png']);
    expect(await readFile(join(out, 'IMG_0042-deblur.png'), 'utf8')).toBe('the artist’s own deblur');
    // Each batch says which of its files went under another name, and the name each was meant to have.
    const items = [...(await batch(first.id)).items, ...(await batch(second.id)).items];
    expect(items.filter((i) => i.renamedFrom).map((i) => [i.renamedFrom, i.outputName]).sort()).toEqual([
      ['IMG_0042-deblur.png', 'IMG_0042-deblur (2).png'],
      ['IMG_0042-deblur.png', 'IMG_0042-deblur (3).png'],
      ['photo-b-deblur.png', 'photo-b-deblur (2).png'],
    ]);
  });

  it('estimates each picture as the studio does, from the pictures as stored, and the estimate is what the Sandbox then charges', { timeout: 60_000 }, async () => {
    const balance = async () => (await fx.ok('spending.summary', {})).credits!;
    // Runs a batch as quoted; answers the quote's prices and what the Sandbox took from the balance for each.
    const run = async (sizes: ReadonlyArray<readonly [number, number]>, told?: { width: number; height: number }) => {
      const pictures = [];
      for (const [w, h] of sizes) pictures.push({ ...(await picture(`p${w}x${h}.png`, w, h)), ...told });
      const spec = { tool: 'deblur', endpointId: 'deblur-v1', pictures, outputFolder: await folder(join(dir.path, 'priced')) } as never;
      const quote = await fx.ok('batch.quote', { spec });
      const charged: number[] = [];
      for (const p of pictures) {
        const before = await balance();
        const one = await fx.ok('batch.start', { spec: { ...(spec as object), pictures: [p] } as never });
        await until(async () => ended(await batch(one.id)));
        charged.push(Math.round((before - (await balance())) * 100) / 100);
      }
      return { quote, charged, pictures };
    };
    // One picture teaches the price; the next, all under a megapixel, cost what it did (the audit saw 14.32 for 3).
    const first = await run([[320, 240]]);
    expect(first.quote.prices).toEqual([null]);
    const small = await run([[800, 600], [1000, 1000]]);
    expect(small.quote.prices).toEqual(small.charged);
    // A picture past a megapixel teaches the rest; a renderer that says every picture is 64×48 changes nothing.
    await run([[1600, 1200]]);
    const large = await run([[2000, 2000], [1200, 900], [400, 300]], { width: 64, height: 48 });
    expect(large.charged[0]).toBeGreaterThan(large.charged[2]!);
    expect(large.quote.prices).toEqual(large.charged);
    // The studio's estimate of the same request is the batch's.
    const studio = await fx.ok('spending.estimate', { request: { endpointId: 'deblur-v1', params: {}, inputs: { image: { assetId: large.pictures[0]!.assetId } } } });
    expect(studio.cost).toBe(large.quote.prices[0]);
  });

  it('expands each picture to three shapes, named by shape', async () => {
    const out = join(dir.path, 'expand');
    const pictures = [await picture('a.png', 300, 200), await picture('b.png', 200, 300)];
    const formats = [
      { label: '9x16', ratioW: 9, ratioH: 16 },
      { label: '1x1', ratioW: 1, ratioH: 1 },
      { label: '16x9', ratioW: 16, ratioH: 9 },
    ];
    const started = await fx.ok('batch.start', { spec: { tool: 'expand', endpointId: 'gen-pro-1.0-expand', pictures, formats, outputFolder: await folder(out) } as never });
    await until(async () => ended(await batch(started.id)));
    const names = (await readdir(out)).sort();
    expect(names).toHaveLength(6);
    expect(names).toContain('a-expand-9x16.jpg');
    const square = await sharp(join(out, names.find((n) => n.startsWith('b-expand-1x1'))!)).metadata();
    expect([square.width, square.height]).toEqual([300, 300]);
  });

  it('erases with one mask scaled to each picture', async () => {
    const mask = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#000' } })
      .composite([{ input: { create: { width: 50, height: 50, channels: 3, background: '#fff' } }, left: 0, top: 0 }])
      .png()
      .toBuffer();
    const scaled = await scaleMask(mask, 400, 300);
    const { data, info } = await sharp(scaled).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 300]);
    expect(new Set(data)).toEqual(new Set([0, 255]));
    expect(data[10 * 400 + 10]).toBe(255);
    expect(data[10 * 400 + 390]).toBe(0);

    const maskAsset = await fx.ok('assets.import', { name: 'mask.png', bytes: new Uint8Array(mask) });
    const pictures = [await picture('p.png', 400, 300), await picture('q.png', 200, 200)];
    const started = await fx.ok('batch.start', {
      spec: { tool: 'erase', endpointId: 'erase-v1', pictures, mask: { assetId: maskAsset.id, name: 'mask.png', width: 100, height: 50 }, outputFolder: await folder(join(dir.path, 'erase')) } as never,
    });
    await until(async () => ended(await batch(started.id)));
    expect((await batch(started.id)).done).toBe(2);
    const masks = await Promise.all(submitted.filter((s) => s.path.endsWith('erase-v1')).map((s) => sharp(Buffer.from(String(s.body.mask), 'base64')).metadata()));
    expect(masks.map((m) => [m.width, m.height]).sort()).toEqual([
      [200, 200],
      [400, 300],
    ]);
  });

  it('resumes after a restart without sending anything twice', { timeout: 60_000 }, async () => {
    const pictures = await Promise.all([1, 2, 3, 4].map((n) => picture(`r${n}.png`, 200 + n, 200)));
    const started = await fx.ok('batch.start', { spec: { tool: 'deblur', endpointId: 'deblur-v1', pictures, outputFolder: await folder(join(dir.path, 'again')) } as never });
    await fx.core.dispose();
    fx = await start();
    await until(async () => ended(await batch(started.id)));
    expect((await batch(started.id)).done).toBe(4);
    // A batch's tasks are its own, never the studio's strip's.
    const tasks = (await fx.ok('tasks.list')).filter((t) => t.group?.id === started.id);
    expect(tasks.map((t) => [t.origin, t.projectId])).toEqual(Array(4).fill(['batch', null]));
    const ids = submitted.filter((s) => s.path.endsWith('deblur-v1'));
    expect(ids).toHaveLength(4);
    expect((await readdir(join(dir.path, 'again'))).length).toBe(4);
  });

  it('writes a result made but not written again on Retry, without sending or paying for it twice', async () => {
    // Issue 33 follow-up: a result the Sandbox made and charged, whose file could not be written, was resent
    // as a new attempt by Retry and charged a second time.
    const out = join(dir.path, 'blocked');
    const pictures = [await picture('IMG_0050.png', 300, 200)];
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const started = await fx.ok('batch.start', { spec: { tool: 'deblur', endpointId: 'deblur-v1', pictures, outputFolder: await folder(out) } as never });
    await until(() => submitted.length === 1);
    // The folder becomes a file while the request is on its way (as a disk that fills or a folder locked does).
    await rm(out, { recursive: true });
    await writeFile(out, 'not a folder');
    const before = (await fx.ok('spending.summary', {})).credits!;
    open();
    gate = null;
    await until(async () => ended(await batch(started.id)));
    const failed = (await batch(started.id)).items[0]!;
    expect(failed).toMatchObject({ state: 'failed', problem: `Made, but not written to ${out}: check that the folder exists and may be written to, then send it again.` });
    expect(say(createText('de', await loadMessages('de')), failed.problemWords, failed.problem!)).toBe(`Erstellt, aber nicht in ${out} geschrieben: Prüfe, ob der Ordner existiert und beschreibbar ist, und sende es dann erneut.`);
    const paid = (await fx.ok('spending.summary', {})).credits!;
    expect(paid).toBeLessThan(before);

    await rm(out);
    await mkdir(out);
    await fx.ok('batch.retry', { id: started.id, index: 0 });
    await until(async () => ended(await batch(started.id)) && (await batch(started.id)).items[0]!.state === 'done');
    expect(await readdir(out)).toEqual(['IMG_0050-deblur.png']);
    expect(ExifReader.load(await readFile(join(out, 'IMG_0050-deblur.png')))).toBeTruthy();
    // What the Sandbox received and charged: the one request, paid once.
    expect(submitted).toHaveLength(1);
    expect((await fx.ok('spending.summary', {})).credits!).toBe(paid);
    expect((await batch(started.id)).items[0]).toMatchObject({ state: 'done', retries: 0, resultId: failed.resultId, problem: null });
  });

  it('counts a paused batch’s held pictures against no cap until Resume, and Resume is refused in words when they would cross it', { timeout: 60_000 }, async () => {
    // Issue 33 follow-up: held tasks were counted as on their way, so a paused batch blocked every Generate.
    await fx.ok('settings.update', { concurrencyPerKey: 1 });
    const first = await fx.ok('batch.start', { spec: { tool: 'deblur', endpointId: 'deblur-v1', pictures: [await picture('h0.png', 200, 200)], outputFolder: await folder(join(dir.path, 'priced')) } as never });
    await until(async () => ended(await batch(first.id)));
    const pictures = [await picture('h1.png', 210, 200), await picture('h2.png', 220, 200), await picture('h3.png', 230, 200)];
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const started = await fx.ok('batch.start', { spec: { tool: 'deblur', endpointId: 'deblur-v1', pictures, outputFolder: await folder(join(dir.path, 'held')) } as never });
    await until(() => submitted.length === 2);
    // Every picture handed to the engine before the pause, so the two not sent are held tasks Resume checks (those
    // not handed over yet are weighed with them too: exploreService.test.ts).
    await until(async () => (await fx.ok('tasks.list')).filter((t) => t.group?.id === started.id).length === 3);
    const paused = fx.ok('batch.pause', { id: started.id });
    open();
    gate = null;
    expect(await paused).toMatchObject({ status: 'paused' });
    await until(async () => (await batch(started.id)).done === 1);
    expect(await batch(started.id)).toMatchObject({ sent: 1, notSent: 2 });
    // A held picture's task says why it waits, naming the batch in the language on screen.
    const held = (await fx.ok('tasks.list')).find((t) => t.group?.id === started.id && t.state === 'queued')!;
    expect(say(createText('de', await loadMessages('de')), held.detailWords, held.detail ?? '')).toContain('„Schärfen (Unschärfe entfernen) · 3 Bilder“');
    const heldQuote = await fx.ok('batch.quote', { spec: { tool: 'deblur', endpointId: 'deblur-v1', pictures: pictures.slice(1), outputFolder: await folder(join(dir.path, 'held')) } as never });
    // Room for one Generate and one more picture, not for the two held.
    const request = { endpointId: 'gen-dev', params: { prompt: 'a lighthouse at dusk' }, inputs: {} };
    const generate = (await fx.ok('spending.estimate', { request })).cost!;
    const spent = (await fx.ok('spending.summary', {})).totals.day;
    await fx.ok('spending.setCaps', { keyId: 'sandbox', caps: { day: spent + generate + heldQuote.total * 0.75, week: null, month: null } });
    const sentBefore = submitted.length;

    const generated = await fx.ok('tasks.submitGroup', { request, count: 1, projectId: null });
    await until(() => fx.task(generated[0]!.id).state === 'done');
    expect(submitted).toHaveLength(sentBefore + 1);

    const resume = await fx.call('batch.resume', { id: started.id });
    expect(resume).toMatchObject({ ok: false, error: { code: 'spending-cap', message: expect.stringContaining('would cross your daily cap') } });
    expect(await batch(started.id)).toMatchObject({ status: 'paused', notSent: 2 });
    // The Sandbox received nothing of the held pictures.
    expect(submitted).toHaveLength(sentBefore + 1);
  });

  it('writes no “(2)” copy after a crash between writing a picture and recording it', { timeout: 60_000 }, async () => {
    const out = join(dir.path, 'crashed');
    const started = await fx.ok('batch.start', { spec: { tool: 'deblur', endpointId: 'deblur-v1', pictures: [await picture('c1.png', 240, 200)], outputFolder: await folder(out) } as never });
    await until(async () => ended(await batch(started.id)));
    await fx.core.dispose();
    // The file was written; the crash lost the record of it (the batch's file as it was before the outcome).
    const file = join(dir.path, 'data', 'batches', `${started.id}.json`);
    const record = JSON.parse(await readFile(file, 'utf8')) as { outcomes: object; status: string };
    await writeFile(file, JSON.stringify({ ...record, outcomes: {}, status: 'running' }));
    fx = await start();
    await until(async () => ended(await batch(started.id)));
    expect(await readdir(out)).toEqual(['c1-deblur.png']);
    expect((await batch(started.id)).items[0]).toMatchObject({ state: 'done', outputName: 'c1-deblur.png', renamedFrom: null });
    expect(submitted).toHaveLength(1);
  });

  it('a batch a refusal pauses is named in the artist’s language in the notice, from its tool and count', { timeout: 60_000 }, async () => {
    const started = await fx.ok('batch.start', { spec: { tool: 'deblur', endpointId: 'deblur-v1', pictures: [await picture('p1.png', 240, 200)], outputFolder: await folder(join(dir.path, 'capped')) } as never });
    await until(async () => ended(await batch(started.id)));
    // No room left today: the picture, sent again, is refused before it goes.
    const spent = (await fx.ok('spending.summary', {})).totals.day;
    await fx.ok('spending.setCaps', { keyId: 'sandbox', caps: { day: spent, week: null, month: null } });
    await fx.core.dispose();
    // The batch as it was before its picture went, and an engine that holds no task of it: at start it is sent again.
    const file = join(dir.path, 'data', 'batches', `${started.id}.json`);
    const record = JSON.parse(await readFile(file, 'utf8')) as { outcomes: object; status: string };
    await writeFile(file, JSON.stringify({ ...record, outcomes: {}, status: 'running' }));
    await rm(join(dir.path, 'data', 'tasks'), { recursive: true });
    fx = await start();
    const paused = async () => (await fx.ok('app.notices')).find((n) => n.words?.id === 'main.notice.runPaused');
    await until(async () => (await paused()) !== undefined);
    const notice = (await paused())!;
    expect(notice.message).toMatch(/^The batch “Sharpen \(deblur\) · 1 picture” is paused: /);
    const german = say(createText('de', await loadMessages('de')), notice.words, notice.message);
    expect(german).toMatch(/^Der Stapel „Schärfen \(Unschärfe entfernen\) · 1 Bild“ ist pausiert: /);
    expect(submitted).toHaveLength(1);
  });

  it('names its tasks so a restart recognises them', () => {
    const id = 'bt-0123abcd-0000-4000-8000-000000000000';
    expect(itemOfTask(itemTaskId(id, 17, 2))).toEqual({ batchId: id, index: 17, attempt: 2 });
    expect(itemTaskId(id, 17, 2).length).toBeLessThanOrEqual(64);
    expect(itemOfTask(itemTaskId(id, 17, 2).replace(/^./, '0'))).toBeNull();
  });
});
