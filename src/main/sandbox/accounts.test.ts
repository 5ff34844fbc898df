import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, endpointPath, getEndpoint } from '../../shared/catalog/catalog';
import { CreditsResponseSchema, DeleteFinetuneResponseSchema } from '../../shared/catalog/responses';
import { DEFAULT_CREDITS, DEMO_FINETUNES } from './accounts';
import { sandboxPerTest } from './testing/lifecycle';
import { solidPng } from './testing/media';

const DEV = endpointPath(getEndpoint('gen-dev'));
const FINETUNED = endpointPath(getEndpoint('gen-2-klein-9b-kv-finetuned'));
const DELETE = endpointPath(getEndpoint('delete_finetune'));
const small = { prompt: 'a lighthouse', width: 256, height: 256, output_format: 'png' };

const { start } = sandboxPerTest();

describe('keys', () => {
  it('a missing key answers 401 and an unknown one 403, with a JSON detail, everywhere a key is needed', async () => {
    const { sandbox, client } = await start();
    const calls = [
      (key: string | null) => client.post(DEV, small, { key }),
      (key: string | null) => client.get(ACCOUNT_PATHS.credits, { key }),
      (key: string | null) => client.get(`/v1/get_result?id=x`, { key }),
      (key: string | null) => client.post(DELETE, { finetune_id: 'x' }, { key, base: 'regional' }),
    ];
    for (const call of calls) {
      const missing = await call(null);
      expect(missing.status).toBe(401);
      expect(typeof (missing.body as { detail: unknown }).detail).toBe('string');
      const unknown = await call('not-a-key');
      expect(unknown.status).toBe(403);
      expect(typeof (unknown.body as { detail: unknown }).detail).toBe('string');
    }
    expect(sandbox.submissions().map((s) => s.status)).toEqual([401, 403]);
  });

  it('keys given in the options and added later are accepted, each with its balance', async () => {
    const { sandbox, client } = await start({ keys: { 'script-key': { credits: 42 } } });
    sandbox.addKey('late');
    expect((await client.get(ACCOUNT_PATHS.credits, { key: 'script-key' })).body).toEqual({ credits: 42 });
    expect((await client.get(ACCOUNT_PATHS.credits, { key: 'late' })).body).toEqual({ credits: DEFAULT_CREDITS });
  });
});

describe('credits', () => {
  it('each submission draws its cost from the key’s balance, which GET /v1/credits answers', async () => {
    const { sandbox, client } = await start();
    const before = CreditsResponseSchema.parse((await client.get(ACCOUNT_PATHS.credits)).body).credits;
    // A second-generation model is priced by megapixels: the larger request costs more.
    const klein = endpointPath(getEndpoint('gen-2-klein-4b'));
    const a = await client.post<{ cost: number }>(klein, small);
    const b = await client.post<{ cost: number }>(klein, { ...small, width: 2048, height: 1024 });
    expect(b.body.cost).toBeGreaterThan(a.body.cost);
    const after = CreditsResponseSchema.parse((await client.get(ACCOUNT_PATHS.credits)).body).credits;
    expect(after).toBeCloseTo(before - a.body.cost - b.body.cost, 6);
    expect(sandbox.credits(sandbox.demoKey)).toBe(after);
  });

  it('402 when the balance does not cover a request; nothing is drawn', async () => {
    const { sandbox, client } = await start({ keys: { poor: { credits: 3 } } });
    expect((await client.post(DEV, small, { key: 'poor' })).status).toBe(200);
    const refused = await client.post<{ detail: string }>(DEV, small, { key: 'poor' });
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toMatch(/credits/);
    expect(sandbox.credits('poor')).toBeGreaterThan(0);
    expect(sandbox.credits('poor')).toBeLessThan(3);
  });
});

describe('finetunes', () => {
  const finetunedBody = async (finetune_id: string) => ({ prompt: 'in my style', finetune_id, input_image: await solidPng(64, 64) });

  const regional = { base: 'regional' } as const;

  it('lists a key’s finetunes, with details for each; unknown ones answer 404', async () => {
    const { client } = await start({ keys: { mine: { finetunes: ['lora-a', 'lora-b'] } } });
    expect((await client.get(ACCOUNT_PATHS.myFinetunes, regional)).body).toEqual({ finetunes: [...DEMO_FINETUNES] });
    expect((await client.get(ACCOUNT_PATHS.myFinetunes, { key: 'mine', ...regional })).body).toEqual({ finetunes: ['lora-a', 'lora-b'] });
    const details = await client.get(`${ACCOUNT_PATHS.finetuneDetails}?finetune_id=lora-a`, { key: 'mine', ...regional });
    expect(details.body).toMatchObject({ finetune_details: { finetune_id: 'lora-a' } });
    expect((await client.get(`${ACCOUNT_PATHS.finetuneDetails}?finetune_id=lora-a`, regional)).status).toBe(404);
  });

  it('-finetuned endpoints accept the key’s own finetunes only (422 on finetune_id otherwise)', async () => {
    const { client } = await start({ keys: { mine: { finetunes: ['lora-a'] } } });
    expect((await client.post(FINETUNED, await finetunedBody('lora-a'), { key: 'mine', ...regional })).status).toBe(200);
    const other = await client.post<{ detail: { loc: unknown[] }[] }>(FINETUNED, await finetunedBody('lora-a'), regional);
    expect(other.status).toBe(422);
    expect(other.body.detail[0]?.loc).toEqual(['body', 'finetune_id']);
  });

  it('delete_finetune lives on the regional base, deletes once, then answers 404', async () => {
    const { sandbox, client } = await start({ keys: { mine: { finetunes: ['lora-a'] } } });
    expect(sandbox.regionalBaseUrl).not.toBe(sandbox.baseUrl);
    const deleted = await client.post(DELETE, { finetune_id: 'lora-a' }, { key: 'mine', ...regional });
    expect(deleted.status).toBe(200);
    expect(DeleteFinetuneResponseSchema.strict().parse(deleted.body)).toMatchObject({ deleted_finetune_id: 'lora-a' });
    expect(Number.isNaN(Date.parse((deleted.body as { timestamp: string }).timestamp))).toBe(false);
    const again = await client.post<{ detail: string }>(DELETE, { finetune_id: 'lora-a' }, { key: 'mine', ...regional });
    expect(again.status).toBe(404);
    expect(again.body.detail).toMatch(/lora-a/);
    expect((await client.get(ACCOUNT_PATHS.myFinetunes, { key: 'mine', ...regional })).body).toEqual({ finetunes: [] });
    expect((await client.post(FINETUNED, await finetunedBody('lora-a'), { key: 'mine', ...regional })).status).toBe(422);
    const invalid = await client.post<{ detail: { loc: unknown[] }[] }>(DELETE, {}, { key: 'mine', ...regional });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0]?.loc).toEqual(['body', 'finetune_id']);
  });

  it('every finetune call is served on the regional base only, as the service publishes them; the rest on the base only', async () => {
    const { sandbox, client } = await start();
    // On the global base, a client that sends a finetune call there is told it is not found.
    expect((await client.post(FINETUNED, await finetunedBody(DEMO_FINETUNES[0]!))).status).toBe(404);
    expect((await client.post(DELETE, { finetune_id: DEMO_FINETUNES[0] })).status).toBe(404);
    expect((await client.get(ACCOUNT_PATHS.myFinetunes)).status).toBe(404);
    expect((await client.get(`${ACCOUNT_PATHS.finetuneDetails}?finetune_id=${DEMO_FINETUNES[0]}`)).status).toBe(404);
    // On the regional base: the finetune calls, and nothing else.
    expect((await client.post(FINETUNED, await finetunedBody(DEMO_FINETUNES[0]!), regional)).status).toBe(200);
    expect((await client.post(DEV, small, regional)).status).toBe(404);
    expect((await client.get(ACCOUNT_PATHS.credits, regional)).status).toBe(404);
    expect((await client.get(ACCOUNT_PATHS.credits)).status).toBe(200);
    expect((await fetch(`${sandbox.regionalBaseUrl}${DELETE}`)).status).toBe(405);
  });
});

describe('routes', () => {
  it('deprecated endpoints answer 410 with their migration; unknown paths 404; wrong methods 405', async () => {
    const { client } = await start();
    const gone = await client.post<{ detail: string }>(endpointPath(getEndpoint('gen-pro-1.0')), small);
    expect(gone.status).toBe(410);
    expect(gone.body.detail).toMatch(/gen-pro-1\.1/);
    expect((await client.post('/v1/gen-nothing', small)).status).toBe(404);
    expect((await client.get(DEV)).status).toBe(405);
  });

  it('uses the configured endpoint word in paths', async () => {
    const { client } = await start({ endpointWord: 'brand' });
    expect((await client.post('/v1/brand-dev', small)).status).toBe(200);
    expect((await client.post('/v1/gen-dev', small)).status).toBe(404);
  });
});
