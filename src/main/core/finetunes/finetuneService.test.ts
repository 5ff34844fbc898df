import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { tempDir } from '../testing/tempDir';
import { loadMessages } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function core(): Promise<{ fx: CoreFixture; requests: Array<{ method: string; url: URL; body: string | null }> }> {
  const dir = await tempDir('finetunes');
  const requests: Array<{ method: string; url: URL; body: string | null }> = [];
  const recording: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    requests.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? init.body : null });
    return fetch(input, init);
  };
  const fx = await startCore({ dataDir: dir.path, fetch: recording });
  cleanup.push(dir.remove, () => fx.core.dispose());
  return { fx, requests };
}

/** A core whose requests to `path` get `status` with `detail`; every other request goes to the Sandbox. */
async function coreAnswering(path: string, status: number, detail: string): Promise<CoreFixture> {
  const dir = await tempDir('finetunes-answer');
  const answering: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname === path) return Promise.resolve(new Response(JSON.stringify({ detail }), { status }));
    return fetch(input, init);
  };
  const fx = await startCore({ dataDir: dir.path, fetch: answering });
  cleanup.push(dir.remove, () => fx.core.dispose());
  return fx;
}

describe('finetunes of the active key', () => {
  it('lists the Sandbox’s demo finetunes, each with its finetune_details', async () => {
    const { fx, requests } = await core();
    const list = await fx.ok('finetunes.list');
    expect(list.available).toBe(true);
    expect(list.finetunes.map((f) => f.id)).toEqual(['sandbox-demo-lora', 'sandbox-ink-lora']);
    expect(list.finetunes[0]!.details).toMatchObject({ finetune_id: 'sandbox-demo-lora', trigger_word: 'TOK' });
    const details = requests.filter((r) => r.url.pathname === '/v1/finetune_details');
    expect(details.map((r) => r.url.searchParams.get('finetune_id')).sort()).toEqual(['sandbox-demo-lora', 'sandbox-ink-lora']);
  });

  it('deletes one through delete_finetune on the regional base; it leaves the list; an unknown one says so', async () => {
    const { fx, requests } = await core();
    await fx.ok('finetunes.list');
    const answer = await fx.ok('finetunes.delete', { id: 'sandbox-ink-lora' });
    expect(answer.deleted).toBe('sandbox-ink-lora');
    const post = requests.find((r) => r.url.pathname === '/v1/delete_finetune')!;
    expect(post.method).toBe('POST');
    expect(JSON.parse(post.body!)).toEqual({ finetune_id: 'sandbox-ink-lora' });
    // Every finetune call went to the regional base, the Sandbox's second origin, never to the base.
    const regional = (await fx.ok('connections.list')).find((c) => c.active)!.regionalBaseUrl;
    const finetuneCalls = requests.filter((r) => /^\/v1\/(my_finetunes|finetune_details|delete_finetune)$/.test(r.url.pathname));
    expect(finetuneCalls.length).toBeGreaterThan(3);
    expect(new Set(finetuneCalls.map((r) => r.url.origin))).toEqual(new Set([regional]));
    expect((await fx.ok('finetunes.list')).finetunes.map((f) => f.id)).toEqual(['sandbox-demo-lora']);
    const again = await fx.call('finetunes.delete', { id: 'sandbox-ink-lora' });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.message).toMatch(/has no finetune “sandbox-ink-lora”/);
  });

  it('a submit with a finetune goes to the regional base, where the Sandbox serves it (as the service does), and finishes', async () => {
    const { fx, requests } = await core();
    const task = await fx.ok('tasks.submit', { endpointId: 'gen-2-klein-9b-kv-finetuned', params: { prompt: 'in my style', finetune_id: 'sandbox-demo-lora', width: 320, height: 192 }, inputs: {} });
    for (let i = 0; i < 500 && !['done', 'failed'].includes(fx.tasks.get(task.id)?.state ?? ''); i++) await new Promise((r) => setTimeout(r, 20));
    expect(fx.task(task.id).state).toBe('done');
    const regional = (await fx.ok('connections.list')).find((c) => c.active)!.regionalBaseUrl;
    const submits = requests.filter((r) => r.method === 'POST' && r.url.pathname === '/v1/gen-2-klein-9b-kv-finetuned');
    expect(submits.map((r) => r.url.origin)).toEqual([regional]);
  });

  it('a connection that does not answer the list says so, and a name can still be typed', async () => {
    const fx = await coreAnswering('/v1/my_finetunes', 404, 'Not Found');
    const list = await fx.ok('finetunes.list');
    expect(list).toMatchObject({ available: false, finetunes: [] });
    expect(list.message).toMatch(/does not list finetunes.*Type a finetune’s name/);
    expect(list.message).not.toMatch(/404/);
    // In words too: the picker says it in the artist's language.
    const german = say(createText('de', await loadMessages('de')), list.messageWords, list.message ?? '');
    expect(german).toBe('Sandbox listet keine Finetunes auf. Gib stattdessen den Namen eines Finetunes ein.');
    expect(fx.log).toContainEqual(expect.objectContaining({ data: expect.objectContaining({ status: 404 }) }));
  });

  it('a deletion the service refuses says what its answer means, not its HTTP status, which goes to the log', async () => {
    const fx = await coreAnswering('/v1/delete_finetune', 503, 'Try later');
    const refused = await fx.call('finetunes.delete', { id: 'sandbox-ink-lora' });
    if (refused.ok) throw new Error('not refused');
    expect(refused.error.message).toBe('The finetune “sandbox-ink-lora” was not deleted: the service had a problem (Try later).');
    const german = say(createText('de', await loadMessages('de')), refused.error.words, refused.error.message);
    expect(german).toBe('Das Finetune „sandbox-ink-lora“ wurde nicht gelöscht: Beim Dienst ist ein Problem aufgetreten (Try later).');
    expect(fx.log).toContainEqual(expect.objectContaining({ message: 'a finetune was not deleted', data: expect.objectContaining({ status: 503 }) }));
  });
});
